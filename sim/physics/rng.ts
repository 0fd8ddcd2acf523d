/** A small seeded generator (xorshift32): the simulator's only source of randomness. */
export type Rng = () => number;

export function rng(seed: number): Rng {
  let s = (seed >>> 0) ^ 0x9e3779b9 || 1;
  const next = (): number => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
  for (let i = 0; i < 4; i++) next();
  return next;
}

/** A normal deviate (Box-Muller) from `r`. */
export function gauss(r: Rng): number {
  const u = Math.max(r(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * r());
}
