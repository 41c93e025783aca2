// Simulator speed: simulated packets per wall-clock second for a 4 MiB message through a DMA
// (copy) handler on 16 HPUs, in timing mode (no payload bytes) and in data mode (real bytes
// copied into host memory, every byte checked after each run); and in data mode through the
// vector handler with 64 B blocks (32 DMA writes per packet), where the DMA engine's per-block
// work shows. Only the simulation run is timed
// (not building the cluster or allocating its buffers); the median of several runs is reported,
// and data mode also as a ratio to timing mode measured in the same run, which stays meaningful
// on a shared machine. Wall-clock time is measured here, around whole runs; it never enters
// simulated time.

import { Cluster, vectorContext, type Profile } from '@spinmpi/nic'
import type { ClaimCheck } from './claims.js'
import type { Figure, FigureOptions, FigureResult } from './figure.js'
import { copyContext, profileFor } from './nic-common.js'
import { speedRatio, type RatioSummary } from './ratio.js'

type SimSpeedMode = 'timing' | 'data' | 'blocks'

export type SimSpeedRow = {
  readonly mode: SimSpeedMode
  readonly packets: number
  readonly events: number
  readonly runs: number
  readonly medianWallMs: number
  readonly packetsPerSecond: number
  /** packetsPerSecond over timing mode's, both measured in this run (the machine may be shared). */
  readonly vsTiming: number
}

const BYTES = 4 * 1024 * 1024
/** Blocks of the 'blocks' mode: 64 B every 128 B, so the host buffer spans twice the message. */
const BLOCK = 64
const STRIDE = 128

/** Host buffers of the data-mode runs, allocated once: every run overwrites them completely. */
interface HostBuffers { readonly source: Uint8Array; readonly target: Uint8Array }

function hostBuffers(mode: SimSpeedMode): HostBuffers {
  const source = new Uint8Array(BYTES)
  for (let i = 0; i < BYTES; i++) source[i] = (i * 131 + 7) & 0xff
  return { source, target: new Uint8Array(mode === 'blocks' ? (BYTES / BLOCK) * STRIDE : BYTES) }
}

// Fresh 4 MiB buffers per run would time the allocator and the kernel's first-touch page faults
// (and the collections of the previous runs' buffers), not the simulator.
function timedRun(profile: Profile, mode: SimSpeedMode, buffers: HostBuffers | null): { ms: number; packets: number; events: number } {
  const c = new Cluster({ nodes: 2, profile, seed: 1, dataMode: buffers !== null, keepEventLog: false })
  const host = buffers === null ? null : buffers.target
  const context = mode === 'blocks'
    ? vectorContext({
      count: BYTES / BLOCK, blocklen: BLOCK, stride: STRIDE, hostBuffer: host, pieceCycles: profile.costs.pieceCycles, setupCycles: 0,
    })
    : copyContext(host)
  c.nic(1).postMe({ matchBits: 1n, length: host === null ? BYTES : host.length, hostBuffer: host, context })
  c.nic(0).put({ target: 1, matchBits: 1n, bytes: BYTES, data: buffers === null ? null : buffers.source })
  const t0 = performance.now()
  c.run()
  const ms = performance.now() - t0
  return { ms, packets: c.nic(1).stats.packetsIn, events: c.sim.executed }
}

/**
 * The data-mode run must have delivered every byte (the speed-up must not skip the copy); the
 * target is then cleared, so the next run has to copy everything again.
 */
function checkDelivered(b: HostBuffers, mode: SimSpeedMode): void {
  if (mode === 'blocks') {
    for (let i = 0; i < BYTES; i++) {
      if (b.target[(i / BLOCK | 0) * STRIDE + (i % BLOCK)] !== b.source[i]) throw new Error(`sim-speed: byte ${i} not delivered`)
    }
    b.target.fill(0)
    return
  }
  // Compared as 32-bit words (BYTES is a multiple of 4 and the buffers start at offset 0).
  const got = new Int32Array(b.target.buffer, 0, BYTES / 4)
  const want = new Int32Array(b.source.buffer, 0, BYTES / 4)
  for (let i = 0; i < got.length; i++) {
    if (got[i] !== want[i]) {
      let byte = 4 * i
      while (b.target[byte] === b.source[byte]) byte++
      throw new Error(`sim-speed: byte ${byte} not delivered`)
    }
  }
  b.target.fill(0)
}

export const simSpeed: Figure = {
  name: 'sim-speed',
  title: 'Simulated packets per wall-clock second: 4 MiB through a DMA handler on 16 HPUs (aim >= 1e6)',
  kind: 'perf',
  async run(options: FigureOptions): Promise<FigureResult> {
    const profile = profileFor(options.profile, { 'nic.hpus': 16 })
    const reps = options.quick ? 5 : 21
    const modes = ['timing', 'data', 'blocks'] as const
    // One mode after the other, each warmed up first: taking them in turn would make each data
    // run start with the other modes' buffers in the caches instead of its own.
    const medians: { mode: SimSpeedMode; packets: number; events: number; median: number; min: number; max: number }[] = []
    let done = 0
    for (const mode of modes) {
      const buffers = mode === 'timing' ? null : hostBuffers(mode)
      for (let i = 0; i < 10; i++) timedRun(profile, mode, buffers) // warm-up (JIT)
      const times: number[] = []
      let packets = 0
      let events = 0
      for (let i = 0; i < reps; i++) {
        const r = timedRun(profile, mode, buffers)
        if (buffers !== null) checkDelivered(buffers, mode)
        times.push(r.ms)
        packets = r.packets
        events = r.events
        options.onProgress?.(++done, modes.length * reps)
      }
      times.sort((a, b) => a - b)
      medians.push({ mode, packets, events, median: times[times.length >> 1]!, min: times[0]!, max: times[times.length - 1]! })
    }
    const pps = (m: { packets: number; median: number }) => m.packets / (m.median / 1000)
    const timingPps = pps(medians[0]!)
    const rows: SimSpeedRow[] = medians.map((m) => ({
      mode: m.mode, packets: m.packets, events: m.events, runs: reps, medianWallMs: m.median,
      packetsPerSecond: pps(m), vsTiming: pps(m) / timingPps,
    }))
    // Same packets in every mode, so a speed ratio is timing mode's median time over the mode's.
    const [timing, data, blocks] = [medians[0]!, medians[1]!, medians[2]!]
    const ratios: RatioSummary[] = [
      speedRatio('data mode: 4 MiB put, bytes copied', 'timing mode (no payload)', { ...data, samples: reps }, timing.median),
      speedRatio('data mode, 64 B blocks: 32 DMA writes per packet', 'timing mode (no payload)', { ...blocks, samples: reps }, timing.median),
    ]
    return { name: 'sim-speed', profile: profile.name, rows, ratios }
  },
  check(result: FigureResult): readonly ClaimCheck[] {
    const rows = result.rows as readonly SimSpeedRow[]
    const timing = rows.find((r) => r.mode === 'timing')!
    const data = rows.find((r) => r.mode === 'data')!
    const blocks = rows.find((r) => r.mode === 'blocks')
    const measured = `timing mode ${(timing.packetsPerSecond / 1e6).toFixed(2)} M/s, data mode ${(data.packetsPerSecond / 1e6).toFixed(2)} M/s ` +
      `(${data.vsTiming.toFixed(2)}x timing; medians of ${data.runs} runs)` +
      (blocks === undefined ? '' : `; 64 B blocks ${(blocks.packetsPerSecond / 1e6).toFixed(2)} M/s`)
    return [{
      claim: 'at least one million simulated packets per wall-clock second, with real bytes (data mode)',
      paper: "spinmpi's own speed target (no paper claim)",
      basis: 'predicted', constants: [],
      pass: data.packetsPerSecond >= 1e6,
      measured,
    }]
  },
}
