// runMilc: the whole application on N simulated ranks, verified against the sequential
// reference in data mode, with the run's stats folded into a MilcReport.

import { classify, flatten } from '@spinmpi/ddt'
import { toNs } from '@spinmpi/nic'
import { run, type ReceiveStrategyName, type RunOptions, type RunStats } from '@spinmpi/runtime'
import debugFactory from 'debug'
import { haloTypes, type DimensionHalo } from './faces.js'
import { checkGrid, chooseGrid, rankCoords } from './grid.js'
import { Checkerboard, FLOATS_PER_SITE, dimName } from './lattice.js'
import { parseMilcOptions, type MilcOptions } from './options.js'
import { globalIndex, referenceField } from './reference.js'
import type { FaceReport, MilcReport, StrategyReport } from './report.js'
import { milcRankMain, type RankSetup } from './rank-main.js'

const log = debugFactory('spinmpi:milc')

function faceReports(halos: readonly DimensionHalo[]): FaceReport[] {
  return halos.map((h, d) => ({
    dim: dimName(d),
    bytes: h.send[0].type.size,
    blocks: flatten(h.send[0].type, 1).length,
    recvClass: classify(h.recv[0].type, 1).kind,
  }))
}

function strategyReports(stats: RunStats): Partial<Record<ReceiveStrategyName, StrategyReport>> {
  const out: Partial<Record<ReceiveStrategyName, StrategyReport>> = {}
  for (const [name, s] of Object.entries(stats.byStrategy) as [ReceiveStrategyName, RunStats['byStrategy'][ReceiveStrategyName]][]) {
    if (s === undefined) continue
    out[name] = { receives: s.receives, bytes: s.bytes, processingNs: toNs(s.processingPs), hostNs: toNs(s.hostPs) }
  }
  return out
}

/** Compares each rank's final field with the reference: differing floats and the largest error. */
function compareWithReference(setup: RankSetup, fields: readonly (Float32Array | null)[]): { mismatches: number; maxAbsError: number } {
  const ref = referenceField(setup.lattice, setup.seed, setup.steps)
  const box = new Checkerboard(setup.local, 0)
  const { local } = setup
  let mismatches = 0
  let maxAbsError = 0
  fields.forEach((field, rank) => {
    if (field === null) throw new Error(`milc: rank ${rank} returned no field in data mode`)
    const c = rankCoords(setup.grid, rank)
    for (let t = 0; t < local[3]; t++) for (let z = 0; z < local[2]; z++) for (let y = 0; y < local[1]; y++) for (let x = 0; x < local[0]; x++) {
      const g = FLOATS_PER_SITE * globalIndex(setup.lattice, c[0] * local[0] + x, c[1] * local[1] + y, c[2] * local[2] + z, c[3] * local[3] + t)
      const at = FLOATS_PER_SITE * box.index(x, y, z, t)
      for (let k = 0; k < FLOATS_PER_SITE; k++) {
        // a value missing on either side is NaN, so it counts as a mismatch
        const err = Math.abs((field[at + k] ?? NaN) - (ref[g + k] ?? NaN))
        if (!(err === 0)) mismatches++
        if (err > maxAbsError || Number.isNaN(err)) maxAbsError = err
      }
    }
  })
  return { mismatches, maxAbsError }
}

export async function runMilc(options: MilcOptions): Promise<MilcReport> {
  const o = parseMilcOptions(options)
  const { grid, local } = o.grid === undefined ? chooseGrid(o.lattice, o.ranks) : checkGrid(o.lattice, o.ranks, o.grid)
  const mode = o.mode ?? 'data'
  const setup: RankSetup = { lattice: o.lattice, grid, local, steps: o.steps ?? 1, seed: o.seed ?? 1, dataMode: mode === 'data' }
  const strategy = o.strategy ?? 'auto'
  const runOptions: RunOptions = {
    ranks: o.ranks, profile: o.profile ?? 'sc19', seed: setup.seed, mode, strategy,
    ...(o.reorderWindow !== undefined ? { reorder: { window: o.reorderWindow } } : {}),
    ...(o.eagerLimitBytes !== undefined ? { overrides: { 'network.eagerLimitBytes': o.eagerLimitBytes } } : {}),
  }
  log('lattice %o grid %o local %o strategy %s mode %s', o.lattice, grid, local, strategy, mode)
  const result = await run(runOptions, milcRankMain(setup))
  const faces = faceReports(haloTypes(local))
  const check = setup.dataMode ? compareWithReference(setup, result.results) : null
  const haloBytesPerStep = 2 * faces.reduce((sum, f) => sum + f.bytes, 0)
  return {
    app: 'milc',
    ranks: o.ranks,
    strategy,
    verified: check === null ? null : check.mismatches === 0,
    runtimeNs: toNs(result.makespanPs),
    mode,
    profile: result.profile.name,
    seed: setup.seed,
    reorderWindow: o.reorderWindow ?? null,
    lattice: o.lattice,
    grid,
    local,
    steps: setup.steps,
    haloBytes: haloBytesPerStep * o.ranks * setup.steps,
    haloMessages: 8 * o.ranks * setup.steps,
    messages: result.stats.messages,
    packets: result.stats.packets,
    networkPayloadBytes: result.stats.payloadBytes,
    faces,
    receives: { count: result.stats.receives.length, fallbacks: result.stats.fallbacks, byStrategy: strategyReports(result.stats) },
    mismatches: check === null ? null : check.mismatches,
    maxAbsError: check === null ? null : check.maxAbsError,
  }
}

