// The "results" line of the run summary: what each rank's main returned, short enough for a
// terminal at any rank count. Equal neighbours share a range ("1-62: null"); with many ranges only
// the first and last few show, with the count of ranks left out (--json has every value).

/** Longest rendered value; longer ones end in an ellipsis. */
const MAX_VALUE = 40
/** Ranges shown at each end when there are more than twice as many. */
const ENDS = 3

interface Range { readonly first: number; readonly last: number; readonly text: string }

export function resultsText(results: readonly unknown[]): string {
  const ranges: Range[] = []
  let key: string | undefined
  results.forEach((v, rank) => {
    const full = render(v)
    if (ranges.length > 0 && full === key) ranges[ranges.length - 1] = { ...ranges.at(-1)!, last: rank }
    else ranges.push({ first: rank, last: rank, text: cut(full) })
    key = full
  })
  if (ranges.length === 0) return '-'
  if (ranges.length === 1) return results.length === 1 ? ranges[0]!.text : `${ranges[0]!.text} (every rank)`
  if (ranges.length <= 2 * ENDS + 1) return ranges.map(label).join(', ')
  const head = ranges.slice(0, ENDS)
  const tail = ranges.slice(-ENDS)
  const hidden = tail[0]!.first - head.at(-1)!.last - 1
  return [...head.map(label), `… ${hidden} more ranks …`, ...tail.map(label)].join(', ')
}

function label(r: Range): string {
  return `${r.first === r.last ? r.first : `${r.first}-${r.last}`}: ${r.text}`
}

/** JSON-ish: numbers as JavaScript prints them (NaN, -Infinity), the rest as JSON where it can. */
function render(v: unknown): string {
  if (typeof v === 'number' || typeof v === 'bigint') return String(v)
  if (v === undefined) return 'null'
  try {
    return JSON.stringify(v) ?? String(v)
  } catch {
    return String(v)
  }
}

function cut(s: string): string {
  return s.length <= MAX_VALUE ? s : `${s.slice(0, MAX_VALUE - 1)}…`
}
