// Test harness of the collective tests: runs `main` on n ranks (data mode by default) and
// returns each rank's value and simulated end time.
import type { Comm } from '../src/index.js'
import { run } from '../src/index.js'
import '../src/collectives/index.js'

export interface Ran<T> { readonly values: T[]; readonly endPs: number[] }

export async function onRanks<T>(ranks: number, main: (comm: Comm) => Promise<T>, opts: { profile?: string; dataMode?: boolean; seed?: number } = {}): Promise<Ran<T>> {
  const r = await run({ ranks, profile: opts.profile ?? 'sc19', seed: opts.seed ?? 1, mode: opts.dataMode === false ? 'timing' : 'data' }, main)
  return { values: r.results as T[], endPs: [...r.endTimes.ps] }
}
