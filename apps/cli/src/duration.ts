// Durations typed on the command line (`--faults rto=2us`, `--time-limit 10ms`): a number and a
// unit, in simulated nanoseconds; a bare number is nanoseconds.

/** Nanoseconds per unit. */
export const TIME_UNITS: Readonly<Record<string, number>> = { '': 1, ns: 1, us: 1e3, 'µs': 1e3, ms: 1e6, s: 1e9 }

/** `text` in ns, or null when it is not a number with one of TIME_UNITS. */
export function durationNs(text: string): number | null {
  const m = /^([+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?)\s*([a-zµ]*)$/i.exec(text.trim())
  if (m === null) return null
  const per = TIME_UNITS[m[2]!.toLowerCase()]
  return per === undefined ? null : Number(m[1]) * per
}
