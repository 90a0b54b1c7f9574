/**
 * A reproducible random source for tests that draw their own chaos: mulberry32, small and good
 * enough for picking delays and victims. `seedFrom` reads a seed from the environment (to replay a
 * run) or makes a new one, and the test prints it.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function seedFrom(variable: string): number {
  const given = process.env[variable];
  if (given !== undefined && given !== "") {
    const seed = Number(given);
    if (!Number.isInteger(seed) || seed < 0) throw new Error(`${variable} must be a non-negative integer, got "${given}"`);
    return seed;
  }
  return Math.floor(Math.random() * 2 ** 31);
}
