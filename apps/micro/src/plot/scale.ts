// Axis scales and tick choice for the SVG charts.

export interface Scale {
  (v: number): number
  readonly ticks: readonly number[]
  readonly format: (v: number) => string
}

export function linearScale(min: number, max: number, from: number, to: number): Scale {
  if (min === max) { min -= 1; max += 1 }
  const step = niceStep((max - min) / 6)
  const lo = Math.floor(min / step) * step
  const hi = Math.ceil(max / step) * step
  const ticks: number[] = []
  for (let v = lo; v <= hi + step / 2; v += step) ticks.push(Number(v.toPrecision(12)))
  const f = (v: number) => from + ((v - lo) / (hi - lo)) * (to - from)
  return Object.assign(f, { ticks, format: formatNumber })
}

/** Log scale with ticks at powers of two when the data spans them densely, else powers of ten. */
export function logScale(min: number, max: number, from: number, to: number): Scale {
  const base = max / min <= 2 ** 16 ? 2 : 10
  const lo = Math.floor(Math.log(min) / Math.log(base))
  let hi = Math.ceil(Math.log(max) / Math.log(base))
  if (hi === lo) hi = lo + 1
  const every = Math.max(1, Math.ceil((hi - lo) / 12))
  const ticks: number[] = []
  for (let e = lo; e <= hi; e += every) ticks.push(base ** e)
  const l0 = lo * Math.log(base)
  const l1 = hi * Math.log(base)
  const f = (v: number) => from + ((Math.log(v) - l0) / (l1 - l0)) * (to - from)
  return Object.assign(f, { ticks, format: base === 2 ? formatBytesLike : formatNumber })
}

function niceStep(raw: number): number {
  const mag = 10 ** Math.floor(Math.log10(raw))
  const n = raw / mag
  return (n <= 1 ? 1 : n <= 2 ? 2 : n <= 5 ? 5 : 10) * mag
}

export function formatNumber(v: number): string {
  const a = Math.abs(v)
  if (a >= 1e9) return `${+(v / 1e9).toPrecision(3)}G`
  if (a >= 1e6) return `${+(v / 1e6).toPrecision(3)}M`
  if (a >= 1e4) return `${+(v / 1e3).toPrecision(3)}k`
  return `${+v.toPrecision(3)}`
}

function formatBytesLike(v: number): string {
  if (v >= 1 << 30) return `${v / (1 << 30)}Gi`
  if (v >= 1 << 20) return `${v / (1 << 20)}Mi`
  if (v >= 1 << 10) return `${v / (1 << 10)}Ki`
  return `${+v.toPrecision(3)}`
}
