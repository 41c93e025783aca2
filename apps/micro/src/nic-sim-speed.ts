// Simulator speed: simulated packets per wall-clock second for a 4 MiB message through a DMA
// (copy) handler on 16 HPUs, in timing mode (no payload bytes) and in data mode (real bytes
// copied into host memory, every byte checked after each run); through the vector handler with
// 64 B blocks in data mode (32 DMA writes per packet), where the DMA engine's per-block work
// shows; and with 16 B blocks in timing mode (128 DMA writes per packet), the per-block path of an
// offloaded receive at fft2d's tile size. Only the simulation run is timed (not building the
// cluster or allocating its buffers); the median of several runs is reported, and each mode also
// as a ratio to timing mode measured in the same run, which stays meaningful on a shared machine.
// The cluster is built as run() builds it: no host-event log, no per-message records, no time
// series of the DMA queue depth or packet-buffer occupancy (their peaks are kept). Wall-clock and
// CPU time are measured here, around whole runs; they never enter simulated time.

import { Cluster, vectorContext, type Profile } from '@spinmpi/nic'
import type { ClaimCheck } from './claims.js'
import type { Figure, FigureOptions, FigureResult } from './figure.js'
import { copyContext, profileFor } from './nic-common.js'
import { speedRatio, type RatioSummary } from './ratio.js'

type SimSpeedMode = 'timing' | 'data' | 'blocks' | 'blocks16'

export type SimSpeedRow = {
  readonly mode: SimSpeedMode
  readonly packets: number
  readonly events: number
  readonly runs: number
  readonly medianWallMs: number
  /**
   * Median CPU time of the process during a run (user + system): the figure to compare on a shared
   * machine when the bench runs alone in its process (in a parallel `bench perf` it also counts
   * the other suites' threads).
   */
  readonly medianCpuMs: number
  readonly packetsPerSecond: number
  /** packetsPerSecond over timing mode's, both measured in this run (the machine may be shared). */
  readonly vsTiming: number
  /** Vector handler's block size (0: the copy handler, one DMA per packet). */
  readonly blockBytes: number
  /** Wall-clock ns per DMA block (the median run over its blocks); null for the copy handler. */
  readonly nsPerBlock: number | null
}

const BYTES = 4 * 1024 * 1024
/** Block size of the vector modes: 64 B ('blocks', data) and 16 B ('blocks16', timing), every 2 blocks' bytes. */
const blockOf = (mode: SimSpeedMode): number => (mode === 'blocks' ? 64 : mode === 'blocks16' ? 16 : 0)
const isVector = (mode: SimSpeedMode): boolean => blockOf(mode) > 0

/** Host buffers of the data-mode runs, allocated once: every run overwrites them completely. */
interface HostBuffers { readonly source: Uint8Array; readonly target: Uint8Array }

function hostBuffers(mode: SimSpeedMode): HostBuffers {
  const source = new Uint8Array(BYTES)
  for (let i = 0; i < BYTES; i++) source[i] = (i * 131 + 7) & 0xff
  return { source, target: new Uint8Array(isVector(mode) ? 2 * BYTES : BYTES) }
}

// Fresh 4 MiB buffers per run would time the allocator and the kernel's first-touch page faults
// (and the collections of the previous runs' buffers), not the simulator.
function timedRun(profile: Profile, mode: SimSpeedMode, buffers: HostBuffers | null): { ms: number; cpuMs: number; packets: number; events: number } {
  const c = new Cluster({
    nodes: 2, profile, seed: 1, dataMode: buffers !== null, keepEventLog: false, keepMessageLog: false, keepSeries: false,
  })
  const host = buffers === null ? null : buffers.target
  const block = blockOf(mode)
  const context = block > 0
    ? vectorContext({
      count: BYTES / block, blocklen: block, stride: 2 * block, hostBuffer: host, pieceCycles: profile.costs.pieceCycles, setupCycles: 0,
    })
    : copyContext(host)
  const length = block > 0 ? 2 * BYTES : BYTES
  c.nic(1).postMe({ matchBits: 1n, length, hostBuffer: host, context })
  c.nic(0).put({ target: 1, matchBits: 1n, bytes: BYTES, data: buffers === null ? null : buffers.source })
  const cpu0 = process.cpuUsage()
  const t0 = performance.now()
  c.run()
  const ms = performance.now() - t0
  const cpu = process.cpuUsage(cpu0)
  return { ms, cpuMs: (cpu.user + cpu.system) / 1000, packets: c.nic(1).stats.packetsIn, events: c.sim.executed }
}

/**
 * The data-mode run must have delivered every byte (the speed-up must not skip the copy); the
 * target is then cleared, so the next run has to copy everything again.
 */
function checkDelivered(b: HostBuffers, mode: SimSpeedMode): void {
  const block = blockOf(mode)
  if (block > 0) {
    for (let i = 0; i < BYTES; i++) {
      if (b.target[(i / block | 0) * 2 * block + (i % block)] !== b.source[i]) throw new Error(`sim-speed: byte ${i} not delivered`)
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
  title: 'Simulated packets per wall-clock second: 4 MiB through a DMA handler on 16 HPUs (issue #14 target: >= 2e6 in data mode)',
  kind: 'perf',
  async run(options: FigureOptions): Promise<FigureResult> {
    const profile = profileFor(options.profile, { 'nic.hpus': 16 })
    const reps = options.quick ? 5 : 21
    const modes = ['timing', 'data', 'blocks', 'blocks16'] as const
    // One mode after the other, each warmed up first: taking them in turn would make each data
    // run start with the other modes' buffers in the caches instead of its own.
    const medians: { mode: SimSpeedMode; packets: number; events: number; median: number; min: number; max: number; cpu: number }[] = []
    let done = 0
    for (const mode of modes) {
      const buffers = mode === 'timing' || mode === 'blocks16' ? null : hostBuffers(mode)
      for (let i = 0; i < 10; i++) timedRun(profile, mode, buffers) // warm-up (JIT)
      const times: number[] = []
      const cpuTimes: number[] = []
      let packets = 0
      let events = 0
      for (let i = 0; i < reps; i++) {
        const r = timedRun(profile, mode, buffers)
        if (buffers !== null) checkDelivered(buffers, mode)
        times.push(r.ms)
        cpuTimes.push(r.cpuMs)
        packets = r.packets
        events = r.events
        options.onProgress?.(++done, modes.length * reps)
      }
      times.sort((a, b) => a - b)
      cpuTimes.sort((a, b) => a - b)
      medians.push({
        mode, packets, events, median: times[times.length >> 1]!, min: times[0]!, max: times[times.length - 1]!, cpu: cpuTimes[cpuTimes.length >> 1]!,
      })
    }
    const pps = (m: { packets: number; median: number }) => m.packets / (m.median / 1000)
    const timingPps = pps(medians[0]!)
    const rows: SimSpeedRow[] = medians.map((m) => {
      const block = blockOf(m.mode)
      return {
        mode: m.mode, packets: m.packets, events: m.events, runs: reps, medianWallMs: m.median, medianCpuMs: m.cpu,
        packetsPerSecond: pps(m), vsTiming: pps(m) / timingPps,
        blockBytes: block, nsPerBlock: block > 0 ? (m.median * 1e6) / (BYTES / block) : null,
      }
    })
    // Same packets in every mode, so a speed ratio is timing mode's median time over the mode's.
    const [timing, data, blocks, blocks16] = [medians[0]!, medians[1]!, medians[2]!, medians[3]!]
    const ratios: RatioSummary[] = [
      speedRatio('data mode: 4 MiB put, bytes copied', 'timing mode (no payload)', { ...data, samples: reps }, timing.median),
      speedRatio('data mode, 64 B blocks: 32 DMA writes per packet', 'timing mode (no payload)', { ...blocks, samples: reps }, timing.median),
      speedRatio('timing mode, 16 B blocks: 128 DMA writes per packet', 'timing mode (no payload)', { ...blocks16, samples: reps }, timing.median),
    ]
    return { name: 'sim-speed', profile: profile.name, rows, ratios }
  },
  check(result: FigureResult): readonly ClaimCheck[] {
    const rows = result.rows as readonly SimSpeedRow[]
    const timing = rows.find((r) => r.mode === 'timing')!
    const data = rows.find((r) => r.mode === 'data')!
    const vector = (mode: SimSpeedMode, what: string): string => {
      const r = rows.find((x) => x.mode === mode)
      return r === undefined || r.nsPerBlock == null ? '' : `; ${what} ${(r.packetsPerSecond / 1e6).toFixed(3)} M/s (${r.nsPerBlock.toFixed(0)} ns per block)`
    }
    const measured = `timing mode ${(timing.packetsPerSecond / 1e6).toFixed(2)} M/s, data mode ${(data.packetsPerSecond / 1e6).toFixed(2)} M/s ` +
      `(${data.vsTiming.toFixed(2)}x timing; medians of ${data.runs} runs)` +
      vector('blocks', '64 B blocks, data') + vector('blocks16', '16 B blocks, timing')
    return [{
      claim: 'at least two million simulated packets per wall-clock second, with real bytes (data mode)',
      paper: "issue #14's speed target for spinmpi (no paper claim)",
      basis: 'speed-target', constants: [],
      pass: data.packetsPerSecond >= 2e6,
      measured,
    }]
  },
}
