// Test harness of the collective tests: runs `main` on n ranks (data mode by default) and
// returns each rank's value and simulated end time.
import type { Comm } from '../src/index.js'
import { run } from '../src/index.js'
import { createOp } from '../src/collectives/index.js'

export interface Ran<T> { readonly values: T[]; readonly endPs: number[] }

export async function onRanks<T>(ranks: number, main: (comm: Comm) => Promise<T>, opts: { profile?: string; dataMode?: boolean; seed?: number } = {}): Promise<Ran<T>> {
  const r = await run({ ranks, profile: opts.profile ?? 'sc19', seed: opts.seed ?? 1, mode: opts.dataMode === false ? 'timing' : 'data' }, main)
  return { values: r.results as T[], endPs: [...r.endTimes.ps] }
}

/**
 * a ∘ b = a · 10^digits(b) + b on float64 (decimal concatenation): associative, not commutative,
 * so a reduction's result spells the contributing ranks in the order the op combined them.
 */
export const concat = createOp((input, inout, count) => {
  const a = new DataView(input.buffer, input.byteOffset), b = new DataView(inout.buffer, inout.byteOffset)
  for (let i = 0; i < count; i++) {
    const y = b.getFloat64(8 * i, true)
    b.setFloat64(8 * i, a.getFloat64(8 * i, true) * 10 ** String(y).length + y, true)
  }
}, { commute: false, name: 'concat' })
