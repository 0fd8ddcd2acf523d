/** The hub's timeline: ms since the epoch with sub-millisecond resolution, never stepping back. */
export function hubNow(): number {
  return performance.timeOrigin + performance.now();
}
