// MPI_Bcast: argument checks and the choice of algorithm. `binomial` runs on the hosts over
// point-to-point; the `nic-*` algorithms post their forwarding MEs, pass a barrier (so every ME
// is posted before data can reach it) and let the NICs forward.

import { ERR_ARG, MpiError, type Datatype } from '@spinmpi/ddt'
import type { Profile } from '@spinmpi/nic'
import { resolveBuffer } from '../comm/buffer.js'
import type { BcastAlgorithm, BcastOptions, Buffer, Request } from '../comm/comm-types.js'
import type { CommCore } from '../comm/comm-core.js'
import type { CollectiveEntries } from './collective.js'
import type { AgreedOption } from '../comm/collective-call.js'
import { startNonblocking } from './nonblocking.js'
import { checkCount, checkRoot, checkType } from './args.js'
import { barrier } from './barrier.js'
import { bcastBinomial, TAG_BCAST } from './bcast-binomial.js'
import { prepareNicBcast } from './nic-bcast.js'
import type { NicBcastKind } from './nic-bcast-contexts.js'

/** Every broadcast algorithm name. */
export const BCAST_ALGORITHMS: readonly BcastAlgorithm[] = ['auto', 'binomial', 'nic-stream', 'nic-store', 'nic-binary']

const NIC_KIND: Readonly<Record<Exclude<BcastAlgorithm, 'auto' | 'binomial'>, NicBcastKind>> = {
  'nic-stream': 'stream',
  'nic-store': 'store',
  'nic-binary': 'binary',
}

/**
 * `auto`: messages of one packet go host binomial (the barrier that guards the offloaded
 * algorithms costs about what they save on 16 ranks; on 1,024 they still save 8-10%); longer ones
 * stream through the NICs, whose per-packet pipelining beats store-and-forward at every hop. Not
 * the fastest for large messages: both binomial trees send log2 P copies from the root, and
 * nic-binary is 3.1x faster at 1 MiB on 1,024 sc19 ranks (docs/collectives.md, "Which bcast
 * algorithm").
 */
export function autoBcastAlgorithm(profile: Profile, bytes: number): Exclude<BcastAlgorithm, 'auto'> {
  return bytes <= profile.network.mtuBytes ? 'binomial' : 'nic-stream'
}

function checkAlgorithm(options: BcastOptions | undefined, where: string): BcastAlgorithm {
  const a = options?.algorithm ?? 'auto'
  if (!BCAST_ALGORITHMS.includes(a)) {
    throw new MpiError(ERR_ARG, `${where}: algorithm '${String(a)}' is not one of ${BCAST_ALGORITHMS.join(', ')}`)
  }
  return a
}

export function bcast(core: CommCore, buf: Buffer, count: number, type: Datatype, root: number, options?: BcastOptions): Promise<void> {
  return bcastAs('bcast', core, core, buf, count, type, root, options)
}

/**
 * bcast named `name` in messages, on `core`; `communicator` numbers the offloaded broadcasts
 * (ibcast runs on the progress engine's view of the communicator).
 */
export async function bcastAs(
  name: string, core: CommCore, communicator: CommCore, buf: Buffer, count: number, type: Datatype, root: number, options?: BcastOptions,
): Promise<void> {
  const where = `${name}(root=${String(root)})`
  checkCount(count, where)
  checkType(type, where)
  checkRoot(root, core.size, where)
  const requested = checkAlgorithm(options, where)
  resolveBuffer(buf, count, type, core.dataMode, where)
  const bytes = count * type.size
  if (core.size === 1 || bytes === 0) return
  const algorithm = requested === 'auto' ? autoBcastAlgorithm(core.profile, bytes) : requested
  if (algorithm === 'binomial') return bcastBinomial(core, buf, count, type, root)
  const prepared = prepareNicBcast(core, buf, count, type, root, NIC_KIND[algorithm], `${where} ${algorithm}`, communicator)
  await barrier(core)
  await prepared.start()
}

/** The offloaded algorithms post their MEs at the call; the engine passes the barrier, then the NICs forward. */
export function ibcast(core: CommCore, buf: Buffer, count: number, type: Datatype, root: number, options?: BcastOptions): Request {
  return startNonblocking(core, `ibcast(root=${String(root)}, count=${String(count)})`, (c) => bcastAs('ibcast', c, core, buf, count, type, root, options))
}

/**
 * The algorithm a bcast of `bytes` runs (the mismatch check compares it across ranks): ranks that
 * mix a host algorithm with an offloaded one, or two offloaded ones, wait for messages that never
 * come. Null for an invalid algorithm (the call names it) and for an empty message (nothing moves).
 */
function agreedAlgorithm(options: unknown, bytes: number, profile: Profile): AgreedOption | null {
  const a = typeof options === 'object' && options !== null ? (options as BcastOptions).algorithm ?? 'auto' : 'auto'
  if (!BCAST_ALGORITHMS.includes(a) || bytes === 0) return null
  const key = a === 'auto' ? autoBcastAlgorithm(profile, bytes) : a
  return { what: 'algorithms', key, shown: a === 'auto' ? `auto = ${key}` : key }
}

/** The record the registry lists (collectives/registry.ts): methods with their docs, tags and parameter names. */
export const bcastCollective = {
  /** Copies root's buffer to every rank (MPI_Bcast). */
  bcast: { run: bcast, tag: TAG_BCAST, params: ['buf', 'count', 'type', 'root', 'options'], agreedPair: 1, agreedOption: agreedAlgorithm },
  /** Any bcast algorithm; the offloaded ones forward on the NICs while the ranks compute. */
  ibcast: { run: ibcast, tag: null, params: ['buf', 'count', 'type', 'root', 'options'], agreedPair: 1, agreedOption: agreedAlgorithm },
} satisfies CollectiveEntries
