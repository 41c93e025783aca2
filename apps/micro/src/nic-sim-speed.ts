// Simulator speed: simulated packets per wall-clock second for a 4 MiB message through a DMA
// (copy) handler on 16 HPUs, in timing mode (no payload bytes) and in data mode (real bytes
// copied into host memory). Only the simulation run is timed (not building the cluster or
// allocating its buffers); the median of several runs is reported. Wall-clock time is measured
// here, around whole runs; it never enters simulated time.

import { Cluster, type Profile } from '@spinmpi/nic'
import type { ClaimCheck, Figure, FigureOptions, FigureResult } from './figure.js'
import { copyContext, profileFor } from './nic-common.js'

export type SimSpeedRow = {
  readonly mode: 'timing' | 'data'
  readonly packets: number
  readonly events: number
  readonly runs: number
  readonly medianWallMs: number
  readonly packetsPerSecond: number
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

/** The data-mode run must have delivered every byte (the speed-up must not skip the copy). */
function checkDelivered(b: HostBuffers): void {
  for (let i = 0; i < BYTES; i += 4093) {
    if (b.target[i] !== b.source[i]) throw new Error(`sim-speed: byte ${i} not delivered`)
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
    const rows: SimSpeedRow[] = []
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
      const median = times[times.length >> 1]!
      rows.push({ mode, packets, events, runs: reps, medianWallMs: median, packetsPerSecond: packets / (median / 1000) })
    }
    return { name: 'sim-speed', profile: profile.name, rows }
  },
  check(result: FigureResult): readonly ClaimCheck[] {
    const rows = result.rows as readonly SimSpeedRow[]
    const timing = rows.find((r) => r.mode === 'timing')!
    const data = rows.find((r) => r.mode === 'data')!
    return [{
      claim: 'at least one million simulated packets per wall-clock second',
      pass: timing.packetsPerSecond >= 1e6,
      measured: `timing mode ${(timing.packetsPerSecond / 1e6).toFixed(2)} M/s, data mode ${(data.packetsPerSecond / 1e6).toFixed(2)} M/s (medians)`,
    }]
  },
}
