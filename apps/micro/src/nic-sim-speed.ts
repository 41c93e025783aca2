// Simulator speed: simulated packets per wall-clock second for a 4 MiB message through a DMA
// (copy) handler on 16 HPUs, in timing mode (no payload bytes) and in data mode (real bytes
// copied into host memory, every byte checked after each run). Only the simulation run is timed
// (not building the cluster or allocating its buffers); the median of several runs is reported,
// and data mode also as a ratio to timing mode measured in the same run, which stays meaningful
// on a shared machine. Wall-clock time is measured here, around whole runs; it never enters
// simulated time.

import { Cluster, type Profile } from '@spinmpi/nic'
import type { ClaimCheck } from './claims.js'
import type { Figure, FigureOptions, FigureResult } from './figure.js'
import { copyContext, profileFor } from './nic-common.js'

export type SimSpeedRow = {
  readonly mode: 'timing' | 'data'
  readonly packets: number
  readonly events: number
  readonly runs: number
  readonly medianWallMs: number
  readonly packetsPerSecond: number
  /** packetsPerSecond over timing mode's, both measured in this run (the machine may be shared). */
  readonly vsTiming: number
}

const BYTES = 4 * 1024 * 1024

/** Host buffers of the data-mode runs, allocated once: every run overwrites them completely. */
interface HostBuffers { readonly source: Uint8Array; readonly target: Uint8Array }

function hostBuffers(): HostBuffers {
  const source = new Uint8Array(BYTES)
  for (let i = 0; i < BYTES; i++) source[i] = (i * 131 + 7) & 0xff
  return { source, target: new Uint8Array(BYTES) }
}

// Fresh 4 MiB buffers per run would time the allocator and the kernel's first-touch page faults
// (and the collections of the previous runs' buffers), not the simulator.
function timedRun(profile: Profile, buffers: HostBuffers | null): { ms: number; packets: number; events: number } {
  const c = new Cluster({ nodes: 2, profile, seed: 1, dataMode: buffers !== null, keepEventLog: false })
  const host = buffers === null ? null : buffers.target
  c.nic(1).postMe({ matchBits: 1n, length: BYTES, hostBuffer: host, context: copyContext(host) })
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
function checkDelivered(b: HostBuffers): void {
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
    const medians: { mode: 'timing' | 'data'; packets: number; events: number; median: number }[] = []
    let done = 0
    for (const mode of ['timing', 'data'] as const) {
      const buffers = mode === 'data' ? hostBuffers() : null
      for (let i = 0; i < 10; i++) timedRun(profile, buffers) // warm-up (JIT)
      const times: number[] = []
      let packets = 0
      let events = 0
      for (let i = 0; i < reps; i++) {
        const r = timedRun(profile, buffers)
        if (buffers !== null) checkDelivered(buffers)
        times.push(r.ms)
        packets = r.packets
        events = r.events
        options.onProgress?.(++done, 2 * reps)
      }
      times.sort((a, b) => a - b)
      medians.push({ mode, packets, events, median: times[times.length >> 1]! })
    }
    const pps = (m: { packets: number; median: number }) => m.packets / (m.median / 1000)
    const timingPps = pps(medians[0]!)
    const rows: SimSpeedRow[] = medians.map((m) => ({
      mode: m.mode, packets: m.packets, events: m.events, runs: reps, medianWallMs: m.median,
      packetsPerSecond: pps(m), vsTiming: pps(m) / timingPps,
    }))
    return { name: 'sim-speed', profile: profile.name, rows }
  },
  check(result: FigureResult): readonly ClaimCheck[] {
    const rows = result.rows as readonly SimSpeedRow[]
    const timing = rows.find((r) => r.mode === 'timing')!
    const data = rows.find((r) => r.mode === 'data')!
    const measured = `timing mode ${(timing.packetsPerSecond / 1e6).toFixed(2)} M/s, data mode ${(data.packetsPerSecond / 1e6).toFixed(2)} M/s ` +
      `(${data.vsTiming.toFixed(2)}x timing; medians of ${data.runs} runs)`
    return [{
      claim: 'at least one million simulated packets per wall-clock second, with real bytes (data mode)',
      paper: "spinmpi's own speed target (no paper claim)",
      basis: 'predicted', constants: [],
      pass: data.packetsPerSecond >= 1e6,
      measured,
    }]
  },
}
