/**
 * `autoref replay <log> --game <id>`: a recorded match log through one rules engine.
 * The log is JSON Lines (one game event per line) or one JSON array; every event is validated
 * against the shared schema first, so a bad log fails with the line number and the reason.
 */
import { withClaims } from '../rules/common/claims';
import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import { GameEvent, GameEventSchemas } from '../../shared/game/events';
import { AutorefError } from '../../shared/errors';
import { engineIds, getEngine } from '../rules/registry';
import { replay } from '../rules/common/replay';

const ajv = new Ajv({ strict: false });
/**
 * One validator per event type, compiled when a log first holds that type: compiling the whole
 * union of every event type is most of a short replay's time (issue #24), and a log holds a few.
 */
const validators = new Map<string, ValidateFunction>();
function validatorOf(value: unknown): ValidateFunction {
  const type = typeof value === 'object' && value !== null ? (value as { type?: unknown }).type : undefined;
  const schema = typeof type === 'string' && Object.hasOwn(GameEventSchemas, type) ? GameEventSchemas[type as keyof typeof GameEventSchemas] : null;
  // A value that names no known type is checked against the union, for the union's own message.
  const key = schema ? (type as string) : '';
  let v = validators.get(key);
  if (!v) validators.set(key, (v = ajv.compile(schema ?? GameEvent)));
  return v;
}

export function parseLog(text: string): GameEvent[] {
  const trimmed = text.trim();
  const items: { value: unknown; line: number }[] = [];
  if (trimmed.startsWith('[')) {
    let arr: unknown;
    try {
      arr = JSON.parse(trimmed);
    } catch (e) {
      throw new AutorefError('AR_BAD_LOG', `not a JSON array: ${(e as Error).message}`);
    }
    (arr as unknown[]).forEach((value, i) => items.push({ value, line: i + 1 }));
  } else {
    text.split('\n').forEach((raw, i) => {
      const l = raw.trim();
      if (l === '' || l.startsWith('//')) return;
      try {
        items.push({ value: JSON.parse(l), line: i + 1 });
      } catch {
        throw new AutorefError('AR_BAD_LOG', `line ${i + 1}: not JSON`);
      }
    });
  }
  return items.map(({ value, line }) => {
    const validate = validatorOf(value);
    if (!validate(value)) {
      const err = validate.errors?.[0];
      throw new AutorefError('AR_BAD_LOG', `line ${line}: ${err?.instancePath || '(root)'} ${err?.message ?? 'invalid'}`);
    }
    return value as GameEvent;
  });
}

export function replayLog(events: readonly GameEvent[], game: string): object {
  const engine = getEngine(game);
  if (!engine) throw new AutorefError('AR_UNKNOWN_GAME', `"${game}"; known: ${engineIds().join(', ') || '(none)'}`);
  const m = replay(engine, events);
  const state = m.game as { rejected?: unknown };
  return {
    game,
    // With the fouls open to a claim and the claims' course (docs/claims.md), as the hub shows them.
    summary: withClaims(engine.summary(m.game), m.claims),
    report: engine.report(m.game),
    corrections: m.corrections,
    rejected: state.rejected ?? [],
  };
}

export function replayFile(path: string, game: string): object {
  return replayLog(parseLog(readFileSync(path, 'utf8')), game);
}
