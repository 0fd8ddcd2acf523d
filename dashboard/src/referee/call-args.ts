/**
 * The referee panel's calls as buttons: which calls a game offers and what each names are its
 * catalogue entry's (shared/game/catalogue.ts, arguments in shared/game/call-args.ts); here, what
 * the running match allows and the `ref` event a pick makes.
 */
import { findGame } from '../../../shared/game/catalogue';
import { UNDESCRIBED, type CallArgs, type Choice, type ChoiceArg, type NumberArg } from '../../../shared/game/call-args';

export type { CallArgs, Choice, ChoiceArg, Need, NumberArg } from '../../../shared/game/call-args';

/** The arguments of `call` in `game`: its catalogue entry's. */
export function argsOf(game: string, call: string): CallArgs {
  return findGame(game)?.referee.calls.find((c) => c.call === call)?.args ?? UNDESCRIBED;
}

/** The choices of a call under the match's carom ruleset (every choice where none applies). */
export function choicesFor(arg: ChoiceArg, ruleset: string | undefined): Choice[] {
  return arg.options.filter((c) => !c.rulesets || ruleset === undefined || c.rulesets.includes(ruleset));
}

/**
 * The calls offered for a game: its catalogue entry's. A call that starts the shot clock (`play`)
 * only when the running match has one (report.config.shotClockSeconds): three-ball and four-ball
 * have none by default, and the engine refuses it there.
 */
export function callsFor(game: string, report: unknown): string[] {
  const seconds = (report as { config?: { shotClockSeconds?: unknown } } | null | undefined)?.config?.shotClockSeconds;
  // A game this page does not know (a hub of another version) offers no calls; its board says why.
  return (findGame(game)?.referee.calls ?? []).filter((c) => !c.needsShotClock || typeof seconds === 'number').map((c) => c.call);
}

/** What the referee picked for a call (ids and values, never labels). */
export interface Picked {
  player?: string;
  ball?: string;
  pocket?: string;
  group?: string;
  choice?: string;
  /** Typed numbers by where they go; NaN or absent: nothing typed. */
  numbers?: Partial<Record<NumberArg['into'], number>>;
}

/** What a call still needs before it can be sent (the panel says it and marks the row). */
export type Missing = 'player' | 'ball' | 'pocket' | 'group' | 'choice' | NumberArg['label'];

/**
 * The `ref` event of a call with what was picked, or what it still needs. Only what the call takes
 * goes in (a player picked for a call that names none stays out); numbers stay numbers.
 */
export function callBody(call: string, args: CallArgs, picked: Picked): { body: Record<string, unknown> } | { missing: Missing } {
  const body: Record<string, unknown> = { type: 'ref', call, by: 'referee' };
  const data: Record<string, unknown> = {};
  for (const key of ['player', 'ball', 'pocket', 'group'] as const) {
    const need = args[key];
    const value = picked[key];
    if (!need) continue;
    if (!value) {
      if (need === 'required') return { missing: key };
      continue;
    }
    body[key === 'pocket' || key === 'group' ? 'place' : key] = value;
  }
  if (args.choice) {
    const value = picked.choice;
    if (!value && args.choice.need === 'required') return { missing: 'choice' };
    if (value) {
      if (args.choice.into === 'value') body['value'] = value;
      else data[args.choice.into] = value;
    }
  }
  for (const n of args.numbers ?? []) {
    const value = picked.numbers?.[n.into];
    const given = value !== undefined && Number.isFinite(value);
    if (!given) {
      if (n.need === 'required') return { missing: n.label };
      continue;
    }
    // A lane goes as the engines read a place ("3"); the other numbers as numbers.
    if (n.into === 'place') body['place'] = String(value);
    else if (n.into === 'round') data['round'] = value;
    else body['value'] = value;
  }
  if (Object.keys(data).length > 0) body['data'] = data;
  return { body };
}
