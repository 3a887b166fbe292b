// A small seeded random source (mulberry32): the same seed gives the same sequence, so the fuzz tests
// send the same inputs for one seed and the demo seed builds the same story every time.
export interface Random {
  next(): number;
  int(max: number): number;
  pick<T>(items: readonly T[]): T;
}

export function seeded(seed: string): Random {
  let state = 0;
  for (const ch of seed) state = (Math.imul(state, 31) + ch.charCodeAt(0)) | 0;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  return { next, int, pick: (items) => items[int(items.length)] };
}
