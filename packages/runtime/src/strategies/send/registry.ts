// The send strategies: one record per strategy (its own file in this folder), listed here once.
// Names, the name type and the zod enums derive from this list; a new strategy is a new record
// file plus one line below (docs/extending.md).

import { namesOf } from '../names-of.js'
import type { SendStrategy } from './record.js'
import { hostSend } from './host.js'
import { streamSend } from './stream.js'
import { outboundSend } from './outbound.js'

/** Every send strategy, host first. */
export const SEND_STRATEGY_RECORDS = [
  hostSend,
  streamSend,
  outboundSend,
] as const

/** How a non-contiguous send leaves: host pack then put, streaming puts, or NIC outbound handlers (SC19 §3.1). */
export type SendStrategyName = (typeof SEND_STRATEGY_RECORDS)[number]['name']

/** The send strategies' names: host pack then put, streaming puts, NIC outbound handlers. */
export const SEND_STRATEGIES = namesOf(SEND_STRATEGY_RECORDS)

const byName = new Map<string, SendStrategy>(SEND_STRATEGY_RECORDS.map((s) => [s.name, s]))

/** The record of a send strategy. */
export function sendStrategy(name: SendStrategyName): SendStrategy<SendStrategyName> {
  return byName.get(name) as SendStrategy<SendStrategyName>
}
