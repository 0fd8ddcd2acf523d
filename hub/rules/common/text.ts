/**
 * Texts that engine states keep (decision evidence and questions, notes, ids) for the whole
 * match. A string built with `+` or a template is, in V8, a rope: one heap object per piece,
 * each copied by every garbage collection that finds it alive. Joined, it is one flat string:
 * measured, a four-ball replay (one open decision per shot) spent about 1 µs per event on the
 * ropes of its evidence lines (the evidence is now kept as the shot's events, carom/evidence.ts;
 * the question and its id are still texts). Use for retained texts on per-event paths;
 * elsewhere templates read better.
 */
export function flat(...parts: (string | number)[]): string {
  return parts.join('');
}
