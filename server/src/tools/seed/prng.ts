/**
 * mulberry32: a tiny deterministic PRNG, so the seed's figures (stock, sales, the large catalogue) and
 * the photographs' grain are the same every run. Each caller takes its own seed.
 */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}
