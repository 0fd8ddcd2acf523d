/**
 * "Continue from a score sheet" (docs/score-sheet.md): the referee copies the paper sheet of a
 * match begun elsewhere into the start form, and the match goes on from there. One form per game
 * family, after the family's schema (shared/game/sheets); the hub and the engine check what is
 * sent, and a sheet they refuse reaches the referee with the reason.
 *
 * What the form reads from a field it says plainly: a count field is a number input (empty means
 * 0, as a blank on paper), a card is typed as the paper shows it and parsed here, with a message
 * naming the player when it cannot be read.
 */
import { h } from '../dom';
import { t } from '../i18n';
import type { Key } from '../../i18n/en';
import { findGame, type GameEntry, type GameFamily } from '../../../shared/game/catalogue';
import type { CaromSheet, GolfBilliardsSheet, MinigolfSheet, PoolSheet, ScoreSheet } from '../../../shared/game/sheets/index';

export interface SheetPlayer {
  id: string;
  name: string;
  side?: string;
}

/** What the sheet's fields give: the sheet, or a message for the referee. */
export type SheetRead = { sheet: ScoreSheet } | { error: string };

interface FamilyForm {
  /** The fields for these players (rebuilt when the names change). */
  fields(players: readonly SheetPlayer[], game: GameEntry): HTMLElement[];
  /** The sheet from the fields (the same players). */
  read(root: HTMLElement, players: readonly SheetPlayer[], game: GameEntry): SheetRead;
}

const count = (id: string, max: number, label: string): HTMLElement =>
  h('input', { type: 'number', id, name: id, min: 0, max, step: 1, inputmode: 'numeric', 'aria-label': label });

function select(id: string, label: string, options: readonly { value: string; label: string }[]): HTMLSelectElement {
  return h('select', { id, name: id, 'aria-label': label }, ...options.map((o) => h('option', { value: o.value }, o.label)));
}

const playerOptions = (players: readonly SheetPlayer[]) => players.map((p) => ({ value: p.id, label: p.name }));
const field = (label: string, input: HTMLElement): HTMLElement => h('label', { class: 'field' }, h('span', {}, label), input);

function grid(
  players: readonly { key: string; name: string }[],
  columns: readonly { key: string; label: string; input: (row: string, label: string) => HTMLElement }[],
): HTMLElement {
  return h(
    'table',
    { class: 'sheet-grid' },
    h('thead', {}, h('tr', {}, h('th', {}, ''), ...columns.map((c) => h('th', { scope: 'col' }, c.label)))),
    h(
      'tbody',
      {},
      ...players.map((p) => h('tr', {}, h('th', { scope: 'row' }, p.name), ...columns.map((c) => h('td', {}, c.input(p.key, `${p.name}: ${c.label}`))))),
    ),
  );
}

function valueOf(root: HTMLElement, id: string): string {
  const e = root.querySelector<HTMLInputElement | HTMLSelectElement>(`#${CSS.escape(id)}`);
  return e ? e.value.trim() : '';
}
/** A count field: empty is 0, as a blank on a paper sheet; anything else is the number typed (the hub refuses a fraction). */
const countOf = (root: HTMLElement, id: string): number => {
  const v = valueOf(root, id);
  return v === '' ? 0 : Number(v);
};
const checked = (root: HTMLElement, id: string): boolean => root.querySelector<HTMLInputElement>(`#${CSS.escape(id)}`)?.checked ?? false;
const rows = (players: readonly SheetPlayer[]) => players.map((p) => ({ key: p.id, name: p.name }));

const carom: FamilyForm = {
  fields(players, game) {
    const balls = (game.balls ?? []).slice(0, 2).map((b) => ({ value: b, label: t(`ball.${b}` as Key) }));
    return [
      grid(rows(players), [
        { key: 'points', label: t('carom.points'), input: (r, l) => count(`sheet-${r}-points`, 10_000, l) },
        { key: 'innings', label: t('carom.innings'), input: (r, l) => count(`sheet-${r}-innings`, 2_000, l) },
        { key: 'highRun', label: t('carom.highRun'), input: (r, l) => count(`sheet-${r}-highRun`, 10_000, l) },
        { key: 'timeouts', label: t('sheet.timeouts'), input: (r, l) => count(`sheet-${r}-timeouts`, 20, l) },
        { key: 'ball', label: t('sheet.ball'), input: (r, l) => select(`sheet-${r}-ball`, l, [{ value: '', label: '–' }, ...balls]) },
      ]),
      field(t('sheet.atTable'), select('sheet-atTable', t('sheet.atTable'), playerOptions(players))),
      field(t('sheet.run'), count('sheet-run', 10_000, t('sheet.run'))),
    ];
  },
  read(root, players) {
    const sheet: CaromSheet = {
      family: 'carom',
      players: players.map((p) => {
        const ball = valueOf(root, `sheet-${p.id}-ball`);
        const timeouts = countOf(root, `sheet-${p.id}-timeouts`);
        return {
          player: p.id,
          points: countOf(root, `sheet-${p.id}-points`),
          innings: countOf(root, `sheet-${p.id}-innings`),
          highRun: countOf(root, `sheet-${p.id}-highRun`),
          ...(timeouts > 0 ? { timeoutsUsed: timeouts } : {}),
          ...(ball ? { ball } : {}),
        };
      }),
      atTable: valueOf(root, 'sheet-atTable'),
      run: countOf(root, 'sheet-run'),
    };
    return { sheet };
  },
};

const pool: FamilyForm = {
  fields(players, game) {
    const columns = [{ key: 'racks', label: t('sheet.racks'), input: (r: string, l: string) => count(`sheet-${r}-racks`, 100, l) }];
    if (game.foulsInRow) columns.push({ key: 'fouls', label: t('sheet.foulsInRow'), input: (r, l) => count(`sheet-${r}-fouls`, 2, l) });
    if (game.groups)
      columns.push({
        key: 'group',
        label: t('sheet.group'),
        input: (r, l) =>
          select(`sheet-${r}-group`, l, [
            { value: '', label: t('sheet.groupOpen') },
            { value: 'solids', label: t('sheet.solids') },
            { value: 'stripes', label: t('sheet.stripes') },
          ]),
      });
    const balls = (game.balls ?? []).map((b) =>
      h('label', { class: 'ball-check' }, h('input', { type: 'checkbox', id: `sheet-ball-${b}`, name: `sheet-ball-${b}`, checked: true }), b),
    );
    return [
      grid(rows(players), columns),
      field(t('sheet.turn'), select('sheet-turn', t('sheet.turn'), playerOptions(players))),
      field(t('sheet.breaker'), select('sheet-breaker', t('sheet.breaker'), playerOptions(players))),
      h('fieldset', { class: 'sheet-balls' }, h('legend', {}, t('sheet.onTable')), ...balls),
      h('label', { class: 'check' }, h('input', { type: 'checkbox', id: 'sheet-ballInHand', name: 'sheet-ballInHand' }), t('sheet.ballInHand')),
    ];
  },
  read(root, players, game) {
    const sheet: PoolSheet = {
      family: 'pool',
      players: players.map((p) => {
        const group = valueOf(root, `sheet-${p.id}-group`);
        const fouls = countOf(root, `sheet-${p.id}-fouls`);
        return {
          player: p.id,
          racks: countOf(root, `sheet-${p.id}-racks`),
          ...(fouls > 0 ? { foulsInRow: fouls } : {}),
          ...(group === 'solids' || group === 'stripes' ? { group } : {}),
        };
      }),
      turn: valueOf(root, 'sheet-turn'),
      breaker: valueOf(root, 'sheet-breaker'),
      onTable: (game.balls ?? []).filter((b) => checked(root, `sheet-ball-${b}`)),
      ...(checked(root, 'sheet-ballInHand') ? { ballInHand: true } : {}),
    };
    return { sheet };
  },
};

/** Bumper pool's sides, in the order the players' sides first appear. */
const sidesOf = (players: readonly SheetPlayer[]): string[] => [...new Set(players.map((p) => p.side ?? p.id))];

const golfBilliards: FamilyForm = {
  fields(players) {
    const sides = sidesOf(players).map((s) => ({
      key: s,
      name: `${t('sheet.side')} ${s}: ${players
        .filter((p) => (p.side ?? p.id) === s)
        .map((p) => p.name)
        .join(', ')}`,
    }));
    const partners = (side: string) => players.filter((p) => (p.side ?? p.id) === side);
    const columns = [
      { key: 'sets', label: t('sheet.sets'), input: (r: string, l: string) => count(`sheet-${r}-sets`, 20, l) },
      { key: 'balls', label: t('sheet.ballsLeft'), input: (r: string, l: string) => count(`sheet-${r}-balls`, 5, l) },
    ];
    // Doubles: the order of play within each side (GB-DBL-5) is on the sheet, not in the sensors.
    if (sides.some((s) => partners(s.key).length > 1))
      columns.push({ key: 'next', label: t('sheet.nextPlayer'), input: (r, l) => select(`sheet-${r}-next`, l, playerOptions(partners(r))) });
    return [grid(sides, columns), field(t('sheet.turn'), select('sheet-turn', t('sheet.turn'), playerOptions(players)))];
  },
  read(root, players) {
    const doubles = players.length > sidesOf(players).length;
    const sheet: GolfBilliardsSheet = {
      family: 'golf-billiards',
      sides: sidesOf(players).map((side) => ({
        side,
        sets: countOf(root, `sheet-${side}-sets`),
        ballsLeft: countOf(root, `sheet-${side}-balls`),
        ...(doubles ? { nextPlayer: valueOf(root, `sheet-${side}-next`) } : {}),
      })),
      turn: valueOf(root, 'sheet-turn'),
    };
    return { sheet };
  },
};

/**
 * A minigolf card as written: each lane's strokes or "-" for a lane not played, rounds separated
 * by "/" ("2 3 1 - / 2"). Null when it cannot be read.
 */
export function parseCard(text: string): (number | null)[][] | null {
  if (text.trim() === '') return [];
  const rounds: (number | null)[][] = [];
  for (const round of text.split('/')) {
    const lanes: (number | null)[] = [];
    for (const cell of round
      .trim()
      .split(/[\s,;]+/)
      .filter((x) => x !== '')) {
      if (cell === '-' || cell === '–') lanes.push(null);
      else if (/^[1-7]$/.test(cell)) lanes.push(Number(cell));
      else return null;
    }
    rounds.push(lanes);
  }
  return rounds;
}

/** Penalty points as written, "round:points" pairs ("1:2, 3:5"). Null when they cannot be read. */
export function parsePenalties(text: string): { round: number; points: number }[] | null {
  const out: { round: number; points: number }[] = [];
  for (const pair of text.split(/[\s,;]+/).filter((x) => x !== '')) {
    const m = /^(\d{1,2}):(\d{1,2})$/.exec(pair);
    if (!m) return null;
    out.push({ round: Number(m[1]), points: Number(m[2]) });
  }
  return out;
}

const minigolf: FamilyForm = {
  fields(players) {
    return [
      h('p', { class: 'muted' }, t('sheet.cardHelp')),
      grid(rows(players), [
        {
          key: 'card',
          label: t('sheet.card'),
          input: (r, l) =>
            h('input', { type: 'text', id: `sheet-${r}-card`, name: `sheet-${r}-card`, autocomplete: 'off', 'aria-label': l, placeholder: '2 3 1 - / 2 2' }),
        },
        {
          key: 'penalties',
          label: t('sheet.penalties'),
          input: (r, l) =>
            h('input', { type: 'text', id: `sheet-${r}-penalties`, name: `sheet-${r}-penalties`, autocomplete: 'off', 'aria-label': l, placeholder: '1:2' }),
        },
      ]),
    ];
  },
  read(root, players) {
    const lines: MinigolfSheet['players'] = [];
    for (const p of players) {
      const rounds = parseCard(valueOf(root, `sheet-${p.id}-card`));
      if (!rounds) return { error: t('sheet.badCard', { name: p.name }) };
      const penalties = parsePenalties(valueOf(root, `sheet-${p.id}-penalties`));
      if (!penalties) return { error: t('sheet.badPenalties', { name: p.name }) };
      lines.push({ player: p.id, rounds, ...(penalties.length > 0 ? { penalties } : {}) });
    }
    return { sheet: { family: 'minigolf', players: lines } };
  },
};

const FORMS: Record<GameFamily, FamilyForm> = { carom, pool, 'golf-billiards': golfBilliards, minigolf };

/**
 * The "continue from a score sheet" part of the referee's start form: closed, a new match; open,
 * the sheet's fields for the players named above (`players`), kept as typed while names change.
 * `read()` is null while closed.
 */
export function sheetForm(gameId: string, players: () => SheetPlayer[]): { fields: HTMLElement; read: () => SheetRead | null; refresh: () => void } {
  const game = findGame(gameId);
  const form = game ? FORMS[game.family] : undefined;
  const body = h('div', { class: 'sheet-fields' });
  const box = h('details', { class: 'sheet', id: 'sheet' }, h('summary', {}, t('sheet.continue')), h('p', { class: 'muted' }, t('sheet.help')), body);
  let shownFor = '';
  const refresh = (): void => {
    if (!game || !form || !box.open) return;
    const now = players();
    const key = JSON.stringify(now);
    if (key === shownFor) return;
    // Keep what was typed: the same field ids come back for the same players.
    const typed = new Map<string, string | boolean>();
    for (const e of body.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input, select'))
      typed.set(e.id, e instanceof HTMLInputElement && e.type === 'checkbox' ? e.checked : e.value);
    body.replaceChildren(...(now.length === 0 ? [h('p', {}, t('sheet.needPlayers'))] : form.fields(now, game)));
    for (const e of body.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input, select')) {
      const v = typed.get(e.id);
      if (typeof v === 'boolean' && e instanceof HTMLInputElement) e.checked = v;
      else if (typeof v === 'string') e.value = v;
    }
    shownFor = key;
  };
  box.addEventListener('toggle', refresh);
  const read = (): SheetRead | null => {
    if (!game || !form || !box.open) return null;
    refresh();
    const now = players();
    if (now.length === 0) return { error: t('sheet.needPlayers') };
    return form.read(body, now, game);
  };
  return { fields: box, read, refresh };
}
