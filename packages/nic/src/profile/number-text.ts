// Numbers as text (from --set, or shown in errors): "8", "1.5e2", and the ones no profile value
// may be, "1e400" (beyond a double: Infinity), "Infinity", "NaN".

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i
const NON_FINITE_WORD = /^[+-]?(infinity|inf|nan)$/i

/** The finite number `text` spells, or undefined. */
export function finiteNumberText(text: string): number | undefined {
  const s = text.trim()
  return DECIMAL.test(s) && Number.isFinite(Number(s)) ? Number(s) : undefined
}

/** True for Infinity/NaN, or text that spells one (so the error can say "finite", not "a number"). */
export function isNonFinite(value: unknown): boolean {
  if (typeof value === 'number') return !Number.isFinite(value)
  if (typeof value !== 'string') return false
  const s = value.trim()
  return NON_FINITE_WORD.test(s) || (DECIMAL.test(s) && !Number.isFinite(Number(s)))
}
