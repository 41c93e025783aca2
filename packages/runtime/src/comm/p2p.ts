// Point-to-point calls on one matching context of one communicator: argument checks, rank
// translation (communicator ranks <-> world ranks, which the NICs and match bits use), request
// creation and the blocking forms. Completion rules are in completion.ts.

import { type Datatype } from '@spinmpi/ddt'
import { ANY_SOURCE as NIC_ANY_SOURCE } from '@spinmpi/nic'
import {
  ANY_SOURCE, ANY_TAG, PROC_NULL, type AnyCompletion, type Buffer, type PointToPoint, type Request, type SomeCompletion, type Status,
} from './comm-types.js'
import { bufferOrigin, resolveBuffer, resolveBytes } from './buffer.js'
import { Completion } from './completion.js'
import type { Endpoint } from './endpoint.js'
import type { Group } from './group.js'
import { KIND_EAGER, lowOf, matchBits, receiveIgnoreBits } from './match-bits.js'
import type { PendingLike } from './pending.js'
import { Recv, startRecv } from './recv-protocol.js'
import type { RequestImpl } from './request.js'
import { SendCall, startSend } from './send-protocol.js'
import { SendrecvSeries, type FillStep, type SendrecvPoster, type SendrecvStep } from './sendrecv-series.js'
import { StatusImpl } from './status.js'
import { checkCount, checkMessageSize, checkDest, checkRecvTag, checkSendTag, checkSource, checkType, showValue } from './validate.js'
import { hostCopyPs } from '../strategies/model/host-cost.js'
import { typeSpan } from './buffer.js'

const show = (rank: number, any: number, word: string): string => (rank === any ? word : String(rank))

/** Whether contexts made from now on reuse their series' calls (tests turn it off: see setSeriesCallReuse). */
let reuseSeriesCalls = true

/**
 * Tests only: false makes the point-to-point contexts created afterwards poison the calls and
 * requests of finished series steps and never take them again, so a read of a released one
 * shows instead of seeing a later step's values. Returns the previous setting.
 */
export function setSeriesCallReuse(on: boolean): boolean {
  const was = reuseSeriesCalls
  reuseSeriesCalls = on
  return was
}

export class PointToPointImpl implements PointToPoint, SendrecvPoster {
  private readonly done: Completion
  private readonly size: number
  /** World rank -> rank in this communicator (for statuses). */
  private readonly localOf: (world: number) => number
  /**
   * The sends and receives of finished series steps, with their requests, taken again by the next
   * steps: a series' requests never reach user code, and once a step has observed both, nothing
   * refers to them any more (their routes, NIC commands and deferred steps are all done).
   */
  private readonly sendPool: SendCall[] = []
  private readonly recvPool: Recv[] = []
  private readonly reuse = reuseSeriesCalls

  constructor(
    private readonly ep: Endpoint,
    private readonly context: number,
    private readonly group: Group,
    pending: PendingLike,
    /** Prefix of call names in messages ('' for user calls, 'coll.' for the collective context). */
    private readonly prefix: string,
  ) {
    this.size = group.size
    this.done = new Completion(ep, pending, prefix)
    this.localOf = (w) => (w < 0 ? w : group.rankOf(w))
  }

  isend(buf: Buffer, count: number, type: Datatype, dest: number, tag: number): Request {
    return this.held(this.send0('isend', buf, count, type, dest, tag, false))
  }

  issend(buf: Buffer, count: number, type: Datatype, dest: number, tag: number): Request {
    return this.held(this.send0('issend', buf, count, type, dest, tag, true))
  }

  irecv(buf: Buffer, count: number, type: Datatype, source: number, tag: number): Request {
    return this.held(this.recv0('irecv', buf, count, type, source, tag))
  }

  /** A request handed to the user's code: its failure is noted, so one never observed is reported (run.ts). */
  private held(r: RequestImpl): RequestImpl {
    if (this.prefix === '') r.failures = this.ep.failedRequests
    return r
  }

  async send(buf: Buffer, count: number, type: Datatype, dest: number, tag: number): Promise<void> {
    await this.wait(this.send0('send', buf, count, type, dest, tag, false))
  }

  async ssend(buf: Buffer, count: number, type: Datatype, dest: number, tag: number): Promise<void> {
    await this.wait(this.send0('ssend', buf, count, type, dest, tag, true))
  }

  recv(buf: Buffer, count: number, type: Datatype, source: number, tag: number): Promise<Status> {
    return this.wait(this.recv0('recv', buf, count, type, source, tag))
  }

  /**
   * Not an async function: `.then` resumes the caller in the same microtask turn as the async
   * `return (await waitall(...))[1]` would, and a failed post rejects as that one's throw did.
   */
  sendrecv(
    sendbuf: Buffer, sendcount: number, sendtype: Datatype, dest: number, sendtag: number,
    recvbuf: Buffer, recvcount: number, recvtype: Datatype, source: number, recvtag: number,
  ): Promise<Status> {
    let s: Request
    let r: Request
    let recv: Recv
    let send: SendCall
    // Its calls and requests never reach the user's code (the status does: a fresh one, not the
    // receive's own), so they come from the pools and go back once both are observed, as a
    // series step's do: two calls, two requests and their parts per sendrecv were ~1 KB.
    try {
      r = this.recv0('sendrecv', recvbuf, recvcount, recvtype, source, recvtag, this.recvPool.pop() ?? null)
      recv = this.lastRecv!
      s = this.send0('sendrecv', sendbuf, sendcount, sendtype, dest, sendtag, false, this.sendPool.pop() ?? null)
      send = this.lastSend!
    } catch (e) {
      return Promise.reject(e)
    }
    return this.done.waitall([s, r], 'sendrecv', true).then((statuses) => {
      this.releaseSendrecv(send, recv)
      return statuses[1]!
    })
  }

  /**
   * `steps` sendrecvs one after the other, as `for (k) await sendrecv(step k)` (the same events at
   * the same simulated times, the same errors), with no promise or async frame per step: the
   * pairwise exchanges of the collectives. `fill(k, step)` sets step k's arguments in `step`.
   */
  sendrecvSeries(steps: number, fill: FillStep, step: SendrecvStep): Promise<void> {
    return new SendrecvSeries(this, this.ep, steps, fill, step).start()
  }

  /** sendrecv's receive (the series posts it first, as sendrecv does); from the pool when it has one. */
  postSendrecvRecv(a: SendrecvStep): Recv {
    const r = this.recvPool.pop() ?? null
    this.recv0('sendrecv', a.recvbuf, a.recvcount, a.recvtype, a.source, a.recvtag, r, true)
    return this.lastRecv!
  }

  /** sendrecv's send; from the pool when it has one. */
  postSendrecvSend(a: SendrecvStep): SendCall {
    const c = this.sendPool.pop() ?? null
    this.send0('sendrecv', a.sendbuf, a.sendcount, a.sendtype, a.dest, a.sendtag, false, c)
    return this.lastSend!
  }

  /** A series step observed both: its calls and requests go back to the pools (poisoned). */
  releaseSendrecv(send: SendCall, recv: Recv): void {
    send.poison()
    recv.poison()
    if (!this.reuse) return
    this.sendPool.push(send)
    this.recvPool.push(recv)
  }

  /** The call object of the latest send0 / recv0 (read by the series' posts right after). */
  private lastSend: SendCall | null = null
  private lastRecv: Recv | null = null

  /** The send reads a copy of the buffer's span taken at the call (charged as a host copy). */
  async sendrecvReplace(
    buf: Buffer, count: number, type: Datatype, dest: number, sendtag: number, source: number, recvtag: number,
  ): Promise<Status> {
    const where = `${this.prefix}sendrecvReplace(dest=${String(dest)}, source=${String(source)})`
    const n = checkCount(count, where)
    const t = checkType(type, where)
    const res = resolveBuffer(buf, n, t, this.ep.world.dataMode, where)
    let copy: Buffer = null
    if (res.bytes !== null) {
      const { lo, hi } = typeSpan(t, n)
      const base = Math.min(lo, 0)
      const c = new Uint8Array(hi - base)
      c.set(res.bytes.subarray(res.origin + lo, res.origin + hi), lo - base)
      copy = { data: c, byteOffset: -base }
    }
    const copyPs = hostCopyPs(this.ep.profile.host, n * t.size)
    this.ep.trace?.calc(copyPs)
    await this.ep.cpu.spend(copyPs)
    const r = this.recv0('sendrecvReplace', buf, n, t, source, recvtag)
    const s = this.send0('sendrecvReplace', copy, n, t, dest, sendtag, false)
    const [, status] = await this.done.waitall([s, r], 'sendrecvReplace', true)
    return status!
  }

  wait(req: Request): Promise<Status> { return this.done.wait(req) }
  waitall(reqs: readonly Request[]): Promise<Status[]> { return this.done.waitall(reqs) }
  waitany(reqs: readonly Request[]): Promise<AnyCompletion> { return this.done.waitany(reqs) }
  waitsome(reqs: readonly Request[]): Promise<SomeCompletion> { return this.done.waitsome(reqs) }
  test(req: Request): Promise<Status | null> { return this.done.test(req) }
  testall(reqs: readonly Request[]): Promise<Status[] | null> { return this.done.testall(reqs) }
  testany(reqs: readonly Request[]): Promise<AnyCompletion | null> { return this.done.testany(reqs) }
  testsome(reqs: readonly Request[]): Promise<SomeCompletion> { return this.done.testsome(reqs) }
  cancel(req: Request): void { this.done.cancel(req) }

  async probe(source: number, tag: number): Promise<Status> {
    const [s, t] = this.probeArgs('probe', source, tag)
    await this.ep.cpu.settle()
    const description = `${this.prefix}probe(source=${show(s, ANY_SOURCE, 'ANY_SOURCE')}, tag=${show(t, ANY_TAG, 'ANY_TAG')})`
    for (;;) {
      const found = this.peek(s, t)
      if (found !== null) {
        this.ep.trace?.calc(this.ep.overheadPs)
        await this.ep.cpu.spend(this.ep.overheadPs)
        return found
      }
      await this.pending.around(description, this.ep.nextUnexpected())
    }
  }

  async iprobe(source: number, tag: number): Promise<Status | null> {
    const [s, t] = this.probeArgs('iprobe', source, tag)
    this.ep.trace?.calc(this.ep.pollPs)
    await this.ep.cpu.spend(this.ep.pollPs)
    return this.peek(s, t)
  }

  private get pending(): PendingLike {
    return this.done.pendingList
  }

  private probeArgs(call: string, source: number, tag: number): [number, number] {
    const where = `${this.prefix}${call}(source=${showValue(source)}, tag=${showValue(tag)})`
    return [checkSource(source, this.size, where), checkRecvTag(tag, where)]
  }

  /** The first unexpected eager message or RTS the arguments match, as a status with its size. */
  private peek(source: number, tag: number): Status | null {
    if (source === PROC_NULL) return new StatusImpl(PROC_NULL, ANY_TAG, 0)
    const w = source === ANY_SOURCE ? 0 : this.group.worldRank(source)
    const u = this.ep.nic.probe({
      matchBits: matchBits(KIND_EAGER, this.context, w, tag === ANY_TAG ? 0 : tag),
      ignoreBits: receiveIgnoreBits(source === ANY_SOURCE, tag === ANY_TAG),
      source: source === ANY_SOURCE ? NIC_ANY_SOURCE : w,
    })
    if (u === null) return null
    return new StatusImpl(this.localOf(u.header.source), lowOf(u.header.matchBits), u.header.hdrData)
  }

  /**
   * The `where` of send0's and recv0's argument checks, e.g. "send(dest=1, tag=7)": one function
   * made once, reading the call set here, so a message makes no closure for text that only an
   * error reads. The checks use it synchronously, before the next call can set it again.
   */
  private whereOf(call: string, peerName: 'dest' | 'source', peer: unknown, tag: unknown): () => string {
    this.whereCall = call
    this.wherePeerName = peerName
    this.wherePeer = peer
    this.whereTag = tag
    return this.whereText
  }

  private whereCall = ''
  private wherePeerName = ''
  private wherePeer: unknown = null
  private whereTag: unknown = null
  private readonly whereText = (): string =>
    `${this.prefix}${this.whereCall}(${this.wherePeerName}=${showValue(this.wherePeer)}, tag=${showValue(this.whereTag)})`

  private send0(
    call: string, buf: Buffer, count: number, type: Datatype, dest: number, tag: number, sync: boolean, pooled: SendCall | null = null,
  ): RequestImpl {
    const where = this.whereOf(call, 'dest', dest, tag)
    const n = checkCount(count, where)
    const t = checkType(type, where)
    checkMessageSize(n, t, where)
    const d = checkDest(dest, this.size, where)
    const g = checkSendTag(tag, where)
    const bytes = resolveBytes(buf, n, t, this.ep.world.dataMode, where)
    const world = d === PROC_NULL ? PROC_NULL : this.group.worldRank(d)
    const origin = bufferOrigin(buf)
    const c = pooled === null
      ? new SendCall(this.ep, this.context, bytes, origin, n, t, world, g, sync, this.prefix, call, d)
      : pooled.reuse(this.context, bytes, origin, n, t, world, g, sync, this.prefix, call, d)
    this.lastSend = c
    return startSend(c)
  }

  private recv0(
    call: string, buf: Buffer, count: number, type: Datatype, source: number, tag: number, pooled: Recv | null = null, series = false,
  ): RequestImpl {
    const where = this.whereOf(call, 'source', source, tag)
    const n = checkCount(count, where)
    const t = checkType(type, where)
    checkMessageSize(n, t, where)
    const s = checkSource(source, this.size, where)
    const g = checkRecvTag(tag, where)
    const bytes = resolveBytes(buf, n, t, this.ep.world.dataMode, where)
    const world = s === PROC_NULL || s === ANY_SOURCE ? s : this.group.worldRank(s)
    const origin = bufferOrigin(buf)
    const r = pooled === null
      ? new Recv(this.ep, this.context, bytes, origin, n, t, world, g, this.localOf, this.prefix, call, s)
      : pooled.reuse(this.context, bytes, origin, n, t, world, g, this.prefix, call, s)
    r.series = series
    this.lastRecv = r
    return startRecv(r)
  }
}

