/**
 * Answers to pending decisions as the carom state keeps them (state.ts `Live.answers`), and the
 * fast lookup the shot resolution uses on every shot.
 */
export interface AnswerRec {
  answer: string;
  seq: number | undefined;
  t: number;
  by: string | undefined;
  who: string | undefined;
}

/**
 * The answers of a state as a Map, one per answers object (states share it until a decision is
 * answered). Looking a question id just built up in the object costs V8 a string-table probe,
 * about 0.4 µs, for each question of every shot; a Map hashes the id.
 */
const answerMaps = new WeakMap<Record<string, AnswerRec>, Map<string, AnswerRec>>();

function answerMap(answers: Record<string, AnswerRec>): Map<string, AnswerRec> {
  let byId = answerMaps.get(answers);
  if (!byId) {
    byId = new Map(Object.entries(answers));
    answerMaps.set(answers, byId);
  }
  return byId;
}

/** `answers[id]`, own answers only. */
export function answerTo(answers: Record<string, AnswerRec>, id: string): AnswerRec | undefined {
  return answerMap(answers).get(id);
}

/** Some decision was answered (own answers). */
export function hasAnswers(answers: Record<string, AnswerRec>): boolean {
  return answerMap(answers).size > 0;
}
