// The initial field: each float a deterministic function of the seed, the global site and the
// component, in [-1, 1), so every rank can fill its own part without communication.

function mix(h: number): number {
  let x = h | 0
  x = Math.imul(x ^ (x >>> 16), 0x7feb352d)
  x = Math.imul(x ^ (x >>> 15), 0x846ca68b)
  return (x ^ (x >>> 16)) >>> 0
}

/** Float `component` (0..5) of the su3 vector at global site index `site` (lexicographic, x fastest). */
export function initialValue(seed: number, site: number, component: number): number {
  const h = mix(mix(mix(seed) ^ site) + component * 0x9e3779b9)
  return Math.fround(h / 2 ** 31 - 1)
}
