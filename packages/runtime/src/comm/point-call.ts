// What a send (SendCall) and a posted receive (Recv) share: the buffer arguments of the call, the
// parts of its description (built only when a report or an error reads it) and its request. Both
// are pooled by the pairwise exchange (a series step, see p2p.ts), refilled in place and poisoned
// when given back, so the shared fields are set and cleared here once.

import type { Datatype } from '@spinmpi/ddt'
import type { Endpoint } from './endpoint.js'
import type { RequestImpl } from './request.js'

export abstract class PointCall {
  req!: RequestImpl

  constructor(
    readonly ep: Endpoint,
    public context: number,
    public bytes: Uint8Array | null,
    public origin: number,
    public count: number,
    public type: Datatype,
    public tag: number,
    /** The description's parts: the call's prefix and name, the peer as the caller named it. */
    protected prefix: string,
    protected call: string,
    protected peer: number,
  ) {}

  /** A pooled call taken again: the shared arguments (the subclass sets its own). */
  protected refill(
    context: number, bytes: Uint8Array | null, origin: number, count: number, type: Datatype, tag: number,
    prefix: string, call: string, peer: number,
  ): void {
    this.context = context
    this.bytes = bytes
    this.origin = origin
    this.count = count
    this.type = type
    this.tag = tag
    this.prefix = prefix
    this.call = call
    this.peer = peer
  }

  /** Given back to its pool: values no live call has (`mark` for the tag and the peer), so a stale read shows. */
  protected poisonCall(mark: number): void {
    this.context = -1
    this.bytes = null
    this.origin = -1
    this.count = -1
    this.type = null as unknown as Datatype
    this.tag = mark
    this.prefix = ''
    this.call = 'released'
    this.peer = mark
    this.req.poison()
  }
}
