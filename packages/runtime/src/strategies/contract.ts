// The contract between the MPI layer (comm/, protocols, collectives) and the datatype
// strategies (this folder). The MPI layer decides *when* a receive is posted; a strategy
// decides *how* its bytes reach the user buffer: which execution context the ME carries, what
// the host does before posting (checkpoints, iovec lists) and after completion (host unpack).
// The forms the strategy records use are in contract-core.ts; here they are bound to the
// strategy names the registries (receive/registry.ts, send/registry.ts) derive.

import type { MatchEntry, MeOptions, Ps } from '@spinmpi/nic'
import type { ReceivePlanOf, ReceiveRequestOf } from './contract-core.js'
import type { ReceiveStrategyChoice, ReceiveStrategyName } from './receive/registry.js'

export type { ReceiveStrategyChoice, ReceiveStrategyName } from './receive/registry.js'
export type { SendStrategyName } from './send/registry.js'
export type { NicMemoryPolicy, PlanDetails } from './contract-core.js'

/** A receive as the MPI layer asks for it: a datatype, a buffer and a strategy (or 'auto'). */
export type ReceiveRequest = ReceiveRequestOf<ReceiveStrategyChoice>

/** How a receive will run: the strategy (after `auto` and any fallback), its ME buffer, context and host work. */
export type ReceivePlan = ReceivePlanOf<ReceiveStrategyName>

export interface PostedReceive {
  readonly me: MatchEntry
  readonly plan: ReceivePlan
  /**
   * When the plan's resident state is in NIC memory: the completion of its one PCIe read
   * (issued by postReceive), or the posting time when nothing was copied.
   */
  readonly readyAt: Ps
}

/**
 * Plans a receive and posts its ME with `me` (match bits, source, counter, ...). When NIC memory
 * cannot hold the plan's state it falls back to `host` (or evicts, per the request) and says so
 * in `plan.fallback`. Implemented by post-receive.ts.
 */
export type PostReceive = (req: ReceiveRequest, me: Omit<MeOptions, 'hostBuffer' | 'length' | 'context'>) => PostedReceive
