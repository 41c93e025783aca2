// run(): N ranks as async functions on one simulated cluster. Deterministic: the simulator
// orders same-time events by scheduling order and ranks start in rank order. A rank that throws
// aborts the run (RankError names it); if every unfinished rank is blocked and no event is left,
// the run stops with a DeadlockError listing each rank's pending operations; if the next event is
// past the time limit while a rank runs, with a TimeLimitError saying what each such rank does.

import { Cluster, nicReport, ns, resolveProfile, toNs, type Profile, type Ps } from '@spinmpi/nic'
import debugFactory from 'debug'
import { ERR_ARG, ERR_OTHER, MpiError } from '@spinmpi/ddt'
import type { Comm } from './comm/comm-api.js'
import { COLLECTIVES } from './collectives/registry.js'
import { RankComm } from './comm/comm.js'
import { CommRegistry } from './comm/comm-shared.js'
import { Group } from './comm/group.js'
import { RankProcess } from './comm/rank-process.js'
import type { World } from './comm/world.js'
import { collectUnreceived } from './unreceived.js'
import { DeadlockError, RankError, TimeLimitError, type RunningRank } from './errors.js'
import { parseRunOptions, type RunOptions } from './run-options.js'
import { StatsCollector, type RunStats } from './stats.js'
import { GoalTrace } from './trace/goal-trace.js'
import { clusterFaults } from './faults/fault-spec.js'
import { faultCounts } from './faults/fault-counts.js'
import { spilledReceivesOf } from './faults/spill-unpack.js'
import { reportFaults, scopedFaults } from './faults/fault-scope.js'
import { goalCaptureSink } from './trace/goal-capture.js'
import { defineGoal, lazyGoalText } from './trace/lazy-goal.js'
import { scopedTimeLimit } from './time-limit-scope.js'
import { scopedProgress, type RunProgress } from './progress-scope.js'

const log = debugFactory('spinmpi:runtime')

/** What run() returns: each rank's result and end time, the profile used, the run's statistics, and the GOAL trace when asked for. */
export interface RunResult<T> {
  /** What each rank's main returned, by rank. */
  readonly results: T[]
  /** Simulated time each rank finished (its booked host work included). */
  readonly endTimes: { readonly ps: readonly Ps[]; readonly ns: readonly number[] }
  /** The latest end time. */
  readonly makespanPs: Ps
  readonly profile: Profile
  readonly stats: RunStats
  /**
   * With trace: 'goal', the run as a GOAL schedule: every message as a send and a matching recv
   * (sizes >= 1), host work as calc in nanoseconds, program order as dependencies. The text is
   * made when first read.
   */
  readonly goal?: string
  /**
   * With trace: 'goal', hands the same text to `sink` in chunks of at most 64 Ki characters,
   * without making `goal` (for schedules too big for one string, e.g. written to a file).
   */
  readonly writeGoal?: (sink: (chunk: string) => void) => void
}

const DEFAULT_UNEXPECTED_BYTES = 4 * 1024 * 1024

class Abort extends Error {}

/** Runs `main` on `options.ranks` simulated ranks, one cluster node each, until every rank returned; rejects with a RankError if a rank throws, a DeadlockError if every rank is blocked and a TimeLimitError past `timeLimitNs`. */
export async function run<T>(options: RunOptions, main: (comm: Comm) => Promise<T> | T): Promise<RunResult<T>> {
  const o = parseRunOptions(options)
  if (typeof main !== 'function') throw new MpiError(ERR_ARG, 'run: main must be a function (comm) => result')
  let profile: Profile
  try {
    profile = resolveProfile(o.profile ?? 'sc19', o.overrides ?? {})
  } catch (e) {
    throw new MpiError(ERR_ARG, `run options: ${e instanceof Error ? e.message : String(e)}`)
  }
  const dataMode = (o.mode ?? 'data') === 'data'
  const faults = o.faults ?? scopedFaults()
  const cluster = new Cluster({
    nodes: o.ranks, profile, seed: o.seed ?? 1, dataMode, keepEventLog: false, keepMessageLog: false, keepSeries: false, trustedInputs: true, ...(o.reorder ? { reorder: o.reorder } : {}),
    ...(faults === undefined ? {} : { faults: clusterFaults(faults, o.seed ?? 1) }),
  })
  const statsCollector = new StatsCollector(o.receiveRecords ?? true)
  const sink = goalCaptureSink()
  const trace = o.trace === 'goal' || sink !== undefined ? new GoalTrace(o.ranks) : null
  const world: World = {
    cluster, size: o.ranks, dataMode, strategy: o.strategy, send: o.send, onNicMemoryFull: o.onNicMemoryFull ?? 'fallback',
    strictStrategy: o.strictStrategy ?? false,
    unexpectedBufferBytes: o.unexpectedBufferBytes ?? DEFAULT_UNEXPECTED_BYTES, stats: statsCollector, trace,
    collectives: COLLECTIVES, comms: new CommRegistry(),
  }
  const sim = cluster.sim
  const comms: RankComm[] = []
  const worldGroup = Group.world(o.ranks)
  const worldShared = world.comms.shared(0, 0, o.ranks, 'COMM_WORLD')
  for (let r = 0; r < o.ranks; r++) comms.push(new RankComm(new RankProcess(world, r), worldGroup, r, 0, worldShared, null))
  const results: T[] = new Array(o.ranks)
  const endPs: Ps[] = new Array(o.ranks).fill(-1)
  let finished = 0
  const limitNs = o.timeLimitNs ?? scopedTimeLimit()
  const limitPs = limitNs === undefined ? Infinity : ns(limitNs)
  let failure: RankError | null = null
  const abort = new Abort()
  for (const comm of comms) {
    const rank = comm.rank
    void (async () => {
      const value = await main(comm)
      await comm.endpoint.cpu.settle()
      // A blocking call still pending when its rank returns was called without `await`: its
      // data, status or error would be lost (MPI: a process ends with an operation incomplete).
      // Checked after the settle: a call lists itself once the host work booked before it is done.
      const left = comm.proc.pendingOps.list()
      if (left.length > 0) throw new MpiError(ERR_OTHER, `returned while ${left.join(' + ')} had not completed (a call not awaited? await it, or keep its request and wait on it)`)
      results[rank] = value
      endPs[rank] = sim.now
      finished++
    })().catch((err: unknown) => {
      if (failure !== null) return
      failure = new RankError(rank, err)
      log('rank %d failed: %s', rank, failure.message)
      sim.at(sim.now, () => { throw abort })
    })
  }
  const listener = scopedProgress()
  const progress = (started: boolean, ended: boolean): RunProgress => ({
    simulatedNs: toNs(sim.now), events: sim.executed, ranks: o.ranks, ranksDone: finished, started, ended,
  })
  const onYield = listener === undefined ? undefined : () => listener(progress(false, false))
  if (listener !== undefined) listener(progress(true, false))
  try {
    await sim.runAsync(limitPs, onYield)
    // Every rank returned within the limit: what is left (packets in flight, no user code) runs
    // as it would without one, so the results are the same.
    if (finished === o.ranks && sim.pending > 0) await sim.runAsync(Infinity, onYield)
  } catch (e) {
    if (e !== abort) throw e
  } finally {
    if (listener !== undefined) listener(progress(false, true))
  }
  if (failure !== null) throw failure
  const unfinished = comms.filter((c) => endPs[c.rank]! < 0)
  if (unfinished.length > 0 && sim.pending > 0) throw new TimeLimitError(limitPs, sim.now, unfinished.map(runningRank))
  const blocked = unfinished.map((c) => ({ rank: c.rank, ops: c.proc.pendingOps.list() }))
  if (blocked.length > 0) throw new DeadlockError(sim.now, blocked, world.comms.unfinished())
  // An isend/irecv that failed (truncation, type mismatch, ...) and that no wait or test observed:
  // its error would be lost, as a C program that never waits on the request loses it
  for (const c of comms) {
    const lost = c.endpoint.failedRequests.find((r) => !r.observed)
    if (lost !== undefined) throw new RankError(c.rank, new MpiError(lost.error!.errorClass, `${lost.error!.message} (its request was never waited on or tested)`))
  }
  // Checked here, as building the schedule did, so a bad recording fails the run itself; the
  // text is made only when asked for (a capture may stream it instead, goal-capture.ts).
  trace?.check()
  const goal = trace !== null && (o.trace === 'goal' || sink?.text === true) ? lazyGoalText(trace) : null
  if (trace !== null && sink !== undefined) sink.add(trace, goal)
  const stats = collectStats(cluster, statsCollector, comms)
  reportFaults(stats.faults)
  const result: RunResult<T> = {
    results,
    endTimes: { ps: endPs, ns: endPs.map(toNs) },
    makespanPs: Math.max(...endPs),
    profile,
    stats,
  }
  if (goal !== null) defineGoal(result, goal)
  return result
}

/** What an unfinished rank does when the time limit stops the run: its blocking calls, else its last call. */
function runningRank(c: RankComm): RunningRank {
  const ops = c.proc.pendingOps.list()
  if (ops.length > 0) return { rank: c.rank, doing: `blocked in ${ops.join(' + ')}` }
  const last = c.proc.lastCall.describe()
  return { rank: c.rank, doing: last === null ? 'no MPI call yet' : `last call ${last}` }
}

function collectStats(cluster: Cluster, s: StatsCollector, comms: readonly RankComm[]): RunStats {
  const unreceived = collectUnreceived(cluster)
  if (unreceived.length > 0) log('%d message(s) never received', unreceived.length)
  const unmatchedReceives = comms.flatMap((c) => c.endpoint.unmatchedReceives().map((call) => ({ rank: c.rank, call })))
  if (unmatchedReceives.length > 0) log('%d receive(s) never matched', unmatchedReceives.length)
  const nics = cluster.nics.map((nic) => {
    nic.dma.finish()
    const { messages: _messages, ...rest } = nicReport(nic)
    return rest
  })
  let hpuBusyPs = 0
  for (const n of nics) for (const b of n.hpuBusyPs) hpuBusyPs += b
  return {
    messages: s.eager + s.rendezvous,
    eagerMessages: s.eager,
    rendezvousMessages: s.rendezvous,
    eagerBytes: s.eagerBytes,
    rendezvousBytes: s.rendezvousBytes,
    packets: cluster.network.counters.packetsInjected,
    payloadBytes: cluster.network.counters.payloadBytesInjected,
    receives: s.receives,
    byStrategy: s.summary(),
    fallbacks: s.fallbacks,
    unreceived,
    unmatchedReceives,
    hpuBusyPs,
    events: cluster.sim.executed,
    hostBusyPs: comms.map((c) => c.endpoint.cpu.busyPs),
    dmaPeakDepth: Math.max(0, ...nics.map((n) => n.dmaPeakDepth)),
    nicMemPeakBytes: Math.max(0, ...nics.map((n) => n.nicMemPeakBytes)),
    faults: faultCounts(cluster, cluster.nics.reduce((sum, nic) => sum + spilledReceivesOf(nic), 0)),
    nics,
  }
}
