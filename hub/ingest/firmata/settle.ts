/**
 * The declared debounce filter of the Firmata link (`settle`, ESPHome's word): Firmata reports
 * levels, not stamped edges, so the link settles them itself, keeping the time of the edge.
 */
export type Level = 0 | 1;

/**
 * Debounce (`settle`): a new level counts once it has held for `ms`; it is stamped with the time
 * of its edge. A level that comes back before that is a bounce and is dropped. The first report
 * after connecting is the initial level, not an edge.
 */
export class Settle {
  private accepted: Level | null = null;
  private raw: Level | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly ms: number,
    private readonly onEdge: (level: Level, atUs: number) => void,
    private readonly onBounce: () => void,
  ) {}

  get level(): Level | null {
    return this.accepted;
  }

  input(level: Level, atUs: number): void {
    if (level === this.raw) return; // Firmata reports the whole port: not every report is an edge
    this.raw = level;
    if (this.accepted === null) {
      this.accepted = level;
      return;
    }
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
      if (level === this.accepted) {
        this.onBounce();
        return;
      }
    }
    if (level === this.accepted) return;
    if (this.ms <= 0) {
      this.accepted = level;
      this.onEdge(level, atUs);
      return;
    }
    this.timer = setTimeout(() => {
      this.timer = null;
      this.accepted = level;
      this.onEdge(level, atUs);
    }, this.ms);
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
