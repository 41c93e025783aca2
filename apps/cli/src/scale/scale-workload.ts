// The workload of `spinmpi bench scale`: one bcast, one allreduce and a ring halo exchange on P
// ranks, in data or timing mode. In data mode every rank checks the values it received exactly,
// so a fast run that computed wrong bytes does not count.

import type { Profile } from '@spinmpi/nic'
import { run, types, type Comm } from '@spinmpi/runtime'

export interface ScaleCase {
  readonly ranks: number
  readonly mode: 'data' | 'timing'
}

export interface ScaleMeasure extends ScaleCase {
  /** Wall-clock seconds of the whole run() call, set-up included. */
  readonly wallSeconds: number
  /** CPU seconds (user + system) of the process during the run: less sensitive to other load than wall time. */
  readonly cpuSeconds: number
  /** Peak resident set size of the process that ran it (a fresh child per case). */
  readonly peakRssBytes: number
  /** Discrete events the simulator executed. */
  readonly events: number
  readonly eventsPerSecond: number
  readonly messages: number
  /** Simulated makespan. */
  readonly simulatedNs: number
}

/** Elements of the bcast and allreduce buffers and of each halo message (float64). */
const BCAST_ELEMS = 128
const REDUCE_ELEMS = 16
const HALO_ELEMS = 128

async function rankMain(comm: Comm, data: boolean): Promise<void> {
  const p = comm.size
  const f64 = types.FLOAT64
  const bcastBuf = data ? new Float64Array(BCAST_ELEMS) : null
  if (bcastBuf !== null && comm.rank === 0) for (let i = 0; i < BCAST_ELEMS; i++) bcastBuf[i] = i + 0.5
  await comm.bcast(bcastBuf, BCAST_ELEMS, f64, 0)
  if (bcastBuf !== null) for (let i = 0; i < BCAST_ELEMS; i++) expect(bcastBuf[i] === i + 0.5, comm.rank, 'bcast')

  const mine = data ? new Float64Array(REDUCE_ELEMS).fill(comm.rank) : null
  const sum = data ? new Float64Array(REDUCE_ELEMS) : null
  await comm.allreduce(mine, sum, REDUCE_ELEMS, f64, 'SUM')
  if (sum !== null) for (let i = 0; i < REDUCE_ELEMS; i++) expect(sum[i] === (p * (p - 1)) / 2, comm.rank, 'allreduce')

  // Ring halo: send right and receive from the left, then the other way round.
  const right = (comm.rank + 1) % p
  const left = (comm.rank + p - 1) % p
  const out = data ? new Float64Array(HALO_ELEMS).fill(comm.rank) : null
  const inLeft = data ? new Float64Array(HALO_ELEMS) : null
  const inRight = data ? new Float64Array(HALO_ELEMS) : null
  await comm.sendrecv(out, HALO_ELEMS, f64, right, 1, inLeft, HALO_ELEMS, f64, left, 1)
  await comm.sendrecv(out, HALO_ELEMS, f64, left, 2, inRight, HALO_ELEMS, f64, right, 2)
  if (inLeft !== null && inRight !== null) {
    for (let i = 0; i < HALO_ELEMS; i++) expect(inLeft[i] === left && inRight[i] === right, comm.rank, 'halo')
  }
}

function expect(ok: boolean, rank: number, what: string): void {
  if (!ok) throw new Error(`scale workload: rank ${rank} received wrong ${what} data`)
}

/** Runs one case in this process; peak RSS is the process's, so run each case in a fresh one. */
export async function runScaleCase(c: ScaleCase, profile: Profile | string = 'sc19'): Promise<ScaleMeasure> {
  const started = performance.now()
  const cpu0 = process.cpuUsage()
  const r = await run({ ranks: c.ranks, mode: c.mode, seed: 1, profile }, (comm) => rankMain(comm, c.mode === 'data'))
  const wallSeconds = (performance.now() - started) / 1000
  const cpu = process.cpuUsage(cpu0)
  const events = r.stats.events
  return {
    ...c,
    wallSeconds,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    peakRssBytes: process.resourceUsage().maxRSS * 1024,
    events,
    eventsPerSecond: events / wallSeconds,
    messages: r.stats.messages,
    simulatedNs: r.makespanPs / 1000,
  }
}
