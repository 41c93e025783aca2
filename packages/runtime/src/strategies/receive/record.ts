// What a receive strategy is: one record per strategy, each in its own file in this folder and
// listed once in registry.ts. Everything that differs between strategies is a field here (how
// it plans a receive, how the §3.2.4 model costs its handlers, what it needs of Δr, how charts
// draw it), so that no code outside the records compares strategy names.

import type { Datatype, MpiError } from '@spinmpi/ddt'
import type { ReceiveRequestOf as ReceiveRequest } from '../contract-core.js'
import type { ReceiveModel } from '../model/completion-model.js'
import type { DeltaRPolicy } from '../model/receive-delta-r.js'
import type { Planned } from './planned.js'

export interface ReceiveStrategy<N extends string = string> {
  /** The name users pass (`--strategy`, run option `strategy`, type attribute). */
  readonly name: N
  /** One line: what the strategy does (help texts, docs). */
  readonly summary: string
  /** Who places the bytes: the host CPU, a NIC engine (no handler code), or sPIN handlers on the HPUs. */
  readonly unpackedBy: 'host' | 'nic-engine' | 'handlers'
  /** Its colour in every chart, and its place among the strategies a figure lists. */
  readonly chart: { readonly colour: string; readonly order: number }
  /** Plans one receive: the ME's buffer, the execution context, NIC state and host work. */
  plan(req: ReceiveRequest): Planned
  /** The SC19 §3.2.4 model of its handlers; null: no handlers, the NIC deposits and the host unpacks. */
  readonly model: ReceiveModel | null
  /** Checkpoint needs of the Δr selection, or null (no checkpoints). */
  readonly deltaR: DeltaRPolicy | null
  /**
   * Whether the message is done only after `finish()`'s host work (a host unpack after the last
   * byte); else the last handler write ends it.
   */
  readonly finishesOnHost: boolean
  /** Why the strategy cannot serve `count` × `type` (planning would throw), or null. */
  cannotServe(type: Datatype, count: number): string | null
  /**
   * The MpiError plan() throws for every receive of `count` × `type` whatever the NIC's state, or
   * null. The receive protocol asks before it plans each rendezvous receive, so a layout the
   * strategy cannot serve goes to the host fallback without a throw per message: answer from a
   * cache. Optional: without it, plan() is tried and its MpiError caught.
   */
  refusal?(type: Datatype, count: number): MpiError | null
}

/** Serves any layout. */
export const servesAny = (): null => null
