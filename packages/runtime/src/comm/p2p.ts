// Point-to-point calls on one matching context: argument checks, request creation, and the
// blocking forms. Completing a request charges its host work (o, host unpack) to the rank once.

import { ERR_ARG, MpiError, type Datatype } from '@spinmpi/ddt'
import { ANY_SOURCE, ANY_TAG, type Buffer, type PointToPoint, type Request, type Status } from './comm-api.js'
import { resolveBuffer, typeName } from './buffer.js'
import type { Endpoint } from './endpoint.js'
import { KIND_EAGER, lowOf, matchBits, receiveIgnoreBits } from './match-bits.js'
import { ANY_SOURCE as NIC_ANY_SOURCE } from '@spinmpi/nic'
import type { PendingOps } from './pending.js'
import { startRecv } from './recv-protocol.js'
import { RequestImpl } from './request.js'
import { startSend } from './send-protocol.js'
import { StatusImpl } from './status.js'
import { checkCount, checkMessageSize, checkDest, checkRecvTag, checkSendTag, checkSource, checkType, showValue } from './validate.js'

const show = (rank: number, any: number, word: string): string => (rank === any ? word : String(rank))

export class PointToPointImpl implements PointToPoint {
  constructor(
    private readonly ep: Endpoint,
    private readonly context: number,
    private readonly size: number,
    private readonly pending: PendingOps,
    /** Prefix of call names in messages ('' for user calls, 'coll.' for the collective context). */
    private readonly prefix: string,
  ) {}

  isend(buf: Buffer, count: number, type: Datatype, dest: number, tag: number): Request {
    return this.send0('isend', buf, count, type, dest, tag)
  }

  irecv(buf: Buffer, count: number, type: Datatype, source: number, tag: number): Request {
    return this.recv0('irecv', buf, count, type, source, tag)
  }

  async send(buf: Buffer, count: number, type: Datatype, dest: number, tag: number): Promise<void> {
    await this.wait(this.send0('send', buf, count, type, dest, tag))
  }

  recv(buf: Buffer, count: number, type: Datatype, source: number, tag: number): Promise<Status> {
    return this.wait(this.recv0('recv', buf, count, type, source, tag))
  }

  async sendrecv(
    sendbuf: Buffer, sendcount: number, sendtype: Datatype, dest: number, sendtag: number,
    recvbuf: Buffer, recvcount: number, recvtype: Datatype, source: number, recvtag: number,
  ): Promise<Status> {
    const r = this.recv0('sendrecv', recvbuf, recvcount, recvtype, source, recvtag)
    const s = this.send0('sendrecv', sendbuf, sendcount, sendtype, dest, sendtag)
    const [, status] = await this.waitall([s, r])
    return status!
  }

  async wait(req: Request): Promise<Status> {
    const r = this.own(req, 'wait')
    await this.ep.cpu.settle()
    if (!r.done) await this.pending.around(r.description, r.settled)
    return this.observe(r)
  }

  async waitall(reqs: readonly Request[]): Promise<Status[]> {
    const rs = reqs.map((q) => this.own(q, 'waitall'))
    await this.ep.cpu.settle()
    const open = rs.filter((r) => !r.done)
    if (open.length > 0) await this.pending.around(open.map((r) => r.description), Promise.all(open.map((r) => r.settled)))
    // Completion work in completion order; the first error is reported after all are observed.
    const order = rs.map((r, i) => i).sort((i, j) => rs[i]!.completedAt - rs[j]!.completedAt || i - j)
    const out: Status[] = new Array(rs.length)
    let first: unknown = null
    for (const i of order) {
      try {
        out[i] = await this.observe(rs[i]!)
      } catch (e) {
        out[i] = rs[i]!.status!
        if (first === null) first = e
      }
    }
    if (first !== null) throw first
    return out
  }

  async waitany(reqs: readonly Request[]): Promise<{ readonly index: number; readonly status: Status }> {
    if (reqs.length === 0) throw new MpiError(ERR_ARG, `${this.prefix}waitany: no requests`)
    const rs = reqs.map((q) => this.own(q, 'waitany'))
    await this.ep.cpu.settle()
    let index = this.firstDone(rs)
    if (index < 0) {
      await this.pending.around(`waitany(${rs.map((r) => r.description).join(' | ')})`, Promise.race(rs.map((r) => r.settled)))
      index = this.firstDone(rs)
    }
    return { index, status: await this.observe(rs[index]!) }
  }

  async test(req: Request): Promise<Status | null> {
    const r = this.own(req, 'test')
    this.ep.trace?.calc(this.ep.pollPs)
    await this.ep.cpu.spend(this.ep.pollPs)
    return r.done ? this.observe(r) : null
  }

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

  private probeArgs(call: string, source: number, tag: number): [number, number] {
    const where = `${this.prefix}${call}(source=${showValue(source)}, tag=${showValue(tag)})`
    return [checkSource(source, this.size, where), checkRecvTag(tag, where)]
  }

  /** The first unexpected eager message or RTS the arguments match, as a status with its size. */
  private peek(source: number, tag: number): Status | null {
    const u = this.ep.nic.probe({
      matchBits: matchBits(KIND_EAGER, this.context, source === ANY_SOURCE ? 0 : source, tag === ANY_TAG ? 0 : tag),
      ignoreBits: receiveIgnoreBits(source === ANY_SOURCE, tag === ANY_TAG),
      source: source === ANY_SOURCE ? NIC_ANY_SOURCE : source,
    })
    if (u === null) return null
    return new StatusImpl(u.header.source, lowOf(u.header.matchBits), u.header.hdrData)
  }

  private firstDone(rs: readonly RequestImpl[]): number {
    let best = -1
    for (let i = 0; i < rs.length; i++) {
      const r = rs[i]!
      if (r.done && (best < 0 || r.completedAt < rs[best]!.completedAt)) best = i
    }
    return best
  }

  /** Charges the completion's host work once, then returns its status or throws its error. */
  private async observe(r: RequestImpl): Promise<Status> {
    if (!r.observed) {
      r.observed = true
      this.ep.trace?.waited(r.traceOp, r.hostCostPs - this.ep.overheadPs)
      if (r.hostCostPs > 0) await this.ep.cpu.spend(r.hostCostPs)
    }
    if (r.error !== null) throw r.error
    return r.status!
  }

  private own(req: Request, call: string): RequestImpl {
    if (!(req instanceof RequestImpl)) throw new MpiError(ERR_ARG, `${this.prefix}${call}: not a request of this run`)
    return req
  }

  private send0(call: string, buf: Buffer, count: number, type: Datatype, dest: number, tag: number): RequestImpl {
    const where = `${this.prefix}${call}(dest=${showValue(dest)}, tag=${showValue(tag)})`
    const n = checkCount(count, where)
    const t = checkType(type, where)
    checkMessageSize(n, t, where)
    const d = checkDest(dest, this.size, where)
    const g = checkSendTag(tag, where)
    const res = resolveBuffer(buf, n, t, this.ep.world.dataMode, where)
    const description = `${this.prefix}${call}(dest=${d}, tag=${g}, count=${n} x ${typeName(t)})`
    return startSend(this.ep, { context: this.context, bytes: res.bytes, origin: res.origin, count: n, type: t, dest: d, tag: g }, description)
  }

  private recv0(call: string, buf: Buffer, count: number, type: Datatype, source: number, tag: number): RequestImpl {
    const where = `${this.prefix}${call}(source=${showValue(source)}, tag=${showValue(tag)})`
    const n = checkCount(count, where)
    const t = checkType(type, where)
    checkMessageSize(n, t, where)
    const s = checkSource(source, this.size, where)
    const g = checkRecvTag(tag, where)
    const res = resolveBuffer(buf, n, t, this.ep.world.dataMode, where)
    const description = `${this.prefix}${call}(source=${show(s, ANY_SOURCE, 'ANY_SOURCE')}, tag=${show(g, ANY_TAG, 'ANY_TAG')}, count=${n} x ${typeName(t)})`
    return startRecv(this.ep, { context: this.context, bytes: res.bytes, origin: res.origin, count: n, type: t, source: s, tag: g }, description)
  }
}
