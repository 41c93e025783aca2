// What a MILC run reports: the JSON of `spinmpi run milc --json`.

import type { ReceiveStrategyName } from '@spinmpi/runtime'
import type { Dims } from './lattice.js'
import type { ReceiveStrategyChoice } from './options.js'

/** The face sent along one dimension (both planes have the same size and block count). */
export interface FaceReport {
  readonly dim: 'x' | 'y' | 'z' | 't'
  readonly bytes: number
  readonly blocks: number
  /** The receive side's handler class from `classify`: vector, indexBlock, indexed or general. */
  readonly recvClass: string
}

export interface StrategyReport {
  readonly receives: number
  readonly bytes: number
  readonly processingNs: number
  readonly hostNs: number
}

export interface MilcReport {
  readonly app: 'milc'
  readonly ranks: number
  readonly strategy: ReceiveStrategyChoice
  /** Every rank's final field equals the sequential reference bit for bit; null in timing mode. */
  readonly verified: boolean | null
  /** Simulated makespan of the run. */
  readonly runtimeNs: number
  readonly mode: 'data' | 'timing'
  readonly profile: string
  readonly seed: number
  readonly reorderWindow: number | null
  readonly lattice: Dims
  readonly grid: Dims
  readonly local: Dims
  readonly steps: number
  /** Halo payload bytes sent by all ranks over all steps (8 faces per rank and step). */
  readonly haloBytes: number
  readonly haloMessages: number
  /** From the run stats: all user messages, packets and payload bytes on the network. */
  readonly messages: number
  readonly packets: number
  readonly networkPayloadBytes: number
  readonly faces: readonly FaceReport[]
  /** Every receive (eager ones as host), by the strategy that ran. */
  readonly receives: {
    readonly count: number
    readonly fallbacks: number
    readonly byStrategy: Partial<Record<ReceiveStrategyName, StrategyReport>>
  }
  /** Floats that differ from the reference (0 when verified; null in timing mode). */
  readonly mismatches: number | null
  readonly maxAbsError: number | null
}

/** A short human-readable form for the terminal. */
export function formatMilcReport(r: MilcReport): string {
  const lines = [
    `milc ${r.lattice.join('x')} on ${r.ranks} ranks (grid ${r.grid.join('x')}, local ${r.local.join('x')}), ${r.steps} step(s), strategy ${r.strategy}, ${r.mode} mode`,
    `verified: ${r.verified === null ? 'n/a (timing mode)' : r.verified ? 'yes (bit-exact vs sequential reference)' : `NO (${r.mismatches} floats differ, max |err| ${r.maxAbsError})`}`,
    `runtime: ${r.runtimeNs.toFixed(1)} ns simulated`,
    `halo: ${r.haloMessages} messages, ${r.haloBytes} bytes; network: ${r.packets} packets`,
    `faces: ${r.faces.map((f) => `${f.dim} ${f.bytes} B / ${f.blocks} blocks (${f.recvClass})`).join(', ')}`,
  ]
  for (const [name, s] of Object.entries(r.receives.byStrategy)) {
    lines.push(`  ${name}: ${s.receives} receives, ${s.bytes} B, processing ${s.processingNs.toFixed(1)} ns, host ${s.hostNs.toFixed(1)} ns`)
  }
  if (r.receives.count > 0 && Object.keys(r.receives.byStrategy).every((k) => k === 'host') && r.strategy !== 'host') {
    lines.push('  (every receive went the host path: eager faces, under the eager limit, are not offloaded)')
  }
  if (r.receives.fallbacks > 0) lines.push(`  ${r.receives.fallbacks} receive(s) fell back to host unpack`)
  return lines.join('\n')
}
