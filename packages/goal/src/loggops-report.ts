// Text and JSON output of a LogGOPS run, shaped like LogGOPSim's: "Host i: t" per rank and
// "Maximum finishing time at host h: t (seconds s)", or the leftover queue entries instead of
// times when something was never matched.
import type { LogGopsResult, UnmatchedOp } from './loggops.js'

/** A double printed like C++ `std::ostream << double` (printf %g, 6 significant digits). */
export function formatCppDouble(x: number): string {
  if (x === 0) return '0'
  if (!Number.isFinite(x)) return String(x)
  const exp = Math.floor(Math.log10(Math.abs(Number(x.toPrecision(6)))))
  if (exp < -4 || exp >= 6) {
    const [mant, e] = x.toExponential(5).split('e') as [string, string]
    const m = mant.includes('.') ? mant.replace(/0+$/, '').replace(/\.$/, '') : mant
    const n = Number(e)
    return `${m}e${n < 0 ? '-' : '+'}${String(Math.abs(n)).padStart(2, '0')}`
  }
  const fixed = x.toFixed(Math.max(0, 5 - exp))
  return fixed.includes('.') ? fixed.replace(/0+$/, '').replace(/\.$/, '') : fixed
}

function describeUnmatched(u: UnmatchedOp): string {
  const tag = u.tag === -1 ? 'any' : String(u.tag)
  const name = u.label !== undefined ? ` '${u.label}'` : ''
  if (u.queue === 'unexpected') {
    return `rank ${u.rank}: message from rank ${u.src} tag ${tag} (${u.bytes} bytes, send #${u.opIndex}${name} of rank ${u.opRank}) was never received`
  }
  const src = u.src === -1 ? 'any source' : `rank ${u.src}`
  return `rank ${u.rank}: receive from ${src} tag ${tag} (${u.bytes} bytes, recv #${u.opIndex}${name}) was never matched`
}

/** The result as LogGOPSim prints it: parameters, then each rank's end time (or the unmatched operations). */
export function formatLogGopsText(result: LogGopsResult): string {
  const { L, o, g, G, O, S } = result.params
  const lines = [
    `LogGOPS: L=${L} o=${o} g=${g} G=${G} O=${O} S=${S}; ${result.numRanks} ranks (${result.cpusPerRank} CPUs, ${result.nicsPerRank} NICs each)`,
  ]
  if (result.ranks === null) {
    lines.push(`${result.unmatched.length} operation(s) left unmatched; no finishing times:`)
    for (const u of result.unmatched) lines.push(`  ${describeUnmatched(u)}`)
  } else {
    result.ranks.forEach((t, r) => lines.push(`Host ${r}: ${t}`))
    lines.push(`Maximum finishing time at host ${result.maxRank}: ${result.max} (${formatCppDouble(result.max! / 1e9)} s)`)
  }
  if (result.neverStarted > 0) lines.push(`warning: ${result.neverStarted} operation(s) never started (unmet dependencies)`)
  return `${lines.join('\n')}\n`
}

/** `{"ranks":[...],"max":...}` plus where the maximum is and what was left unmatched. */
export function logGopsJson(result: LogGopsResult): object {
  return {
    ranks: result.ranks,
    max: result.max,
    maxRank: result.maxRank,
    params: result.params,
    unmatched: result.unmatched,
    neverStarted: result.neverStarted,
  }
}
