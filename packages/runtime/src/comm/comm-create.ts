// Creating communicators, collective over the parent: every member leaves (color, key, its free
// context ids) in the parent's shared record and takes part in an allgather of those 6 words over
// the parent's collective context, which is what the creation costs in simulated time (MPICH
// also agrees on a context id by a reduction of free masks). Once the allgather is done every
// member's contribution is in, and each member computes the same result: the lowest context id
// free at all of them, and its new group ordered by key, then by parent rank.

import { ERR_ARG, ERR_OTHER, INT32, MpiError } from '@spinmpi/ddt'
import { UNDEFINED, type CartTopology, type Comm } from './comm-api.js'
import type { CallRecord } from './collective-call.js'
import type { CommCore } from './comm-core.js'
import { CONTEXT_MASK_WORDS, lowestCommonFree } from './context-pool.js'
import { Group } from './group.js'
import type { CommShared } from './comm-shared.js'
import type { RankProcess } from './rank-process.js'
import type { World } from './world.js'

interface Contribution {
  readonly color: number
  readonly key: number
  readonly mask: readonly number[]
}

const WORDS = 2 + CONTEXT_MASK_WORDS

/**
 * What creation needs of the parent communicator (RankComm, comm.ts, which imports this file):
 * `derive` builds the new communicator of the parent's class.
 */
export interface ParentComm<C> extends CommCore {
  readonly proc: RankProcess
  readonly world: World
  collective<T>(call: CallRecord, body: (contributions: readonly unknown[]) => T, contribution?: unknown): T
  derive(group: Group, rank: number, contextId: number, shared: CommShared, topology: CartTopology | null): C
}

function checkColorKey(color: unknown, key: unknown, where: string): void {
  if (color !== UNDEFINED && (typeof color !== 'number' || !Number.isInteger(color) || color < 0)) {
    throw new MpiError(ERR_ARG, `${where}: color must be a non-negative integer or UNDEFINED, got ${String(color)}`)
  }
  if (typeof key !== 'number' || !Number.isInteger(key)) throw new MpiError(ERR_ARG, `${where}: key must be an integer, got ${String(key)}`)
}

/** The communicator of this rank's color (null for UNDEFINED), with `topology` attached. */
export async function createComm<C>(
  parent: ParentComm<C>, call: CallRecord, color: number, key: number, topology: CartTopology | null,
): Promise<C | null> {
  checkColorKey(color, key, call.label)
  const mine: Contribution = { color, key, mask: parent.proc.contexts.mask() }
  const data = parent.dataMode
  const send = data ? Int32Array.from([color, key, ...mine.mask]) : null
  const recv = data ? new Int32Array(WORDS * parent.size) : null
  const contributions = await parent.collective(call, async (all) => {
    await parent.world.collectives.allgather.run(parent, send, WORDS, INT32, recv, WORDS, INT32)
    return all as readonly (Contribution | null)[]
  }, mine)
  if (contributions.some((c) => c === null)) throw new MpiError(ERR_OTHER, `${call.label}: internal error: a member's contribution is missing`)
  const cs = contributions as readonly Contribution[]
  const contextId = lowestCommonFree(cs.map((c) => c.mask), `${call.label} on ${parent.name}`)
  if (color === UNDEFINED) return null
  const members = cs.map((c, i) => ({ c, i })).filter((m) => m.c.color === color).sort((a, b) => a.c.key - b.c.key || a.i - b.i)
  const same = members.length === parent.size && members.every((m, k) => m.i === k)
  const group = same ? parent.group : Group.of(members.map((m) => parent.group.worldRank(m.i)))
  const rank = members.findIndex((m) => m.i === parent.rank)
  parent.proc.contexts.take(contextId)
  const name = call.name === 'dup' ? `dup(${parent.name})`
    : call.name === 'split' ? `split(${parent.name}, color=${color})`
    : `${call.name}(${parent.name})`
  const shared = parent.world.comms.shared(contextId, group.worldRank(0), group.size, name)
  return parent.derive(group, rank, contextId, shared, topology)
}

/** MPI_Comm_create: members of `g` (a group, or ranks of the parent) get the new communicator. */
export function createFromGroup<C extends Comm>(parent: ParentComm<C>, g: Group | readonly number[]): Promise<Comm | null> {
  const where = 'create(group)'
  let group: Group
  if (g instanceof Group) group = g
  else if (Array.isArray(g)) group = parent.group.incl(g)
  else throw new MpiError(ERR_ARG, `${where}: expected a Group or an array of ranks`)
  const ranks = group.worldRanks().map((w) => parent.group.rankOf(w))
  const outside = ranks.findIndex((r) => r === UNDEFINED)
  if (outside >= 0) throw new MpiError(ERR_ARG, `${where}: group member ${outside} is not in ${parent.name}`)
  const position = ranks.indexOf(parent.rank)
  const call = { name: 'create', label: `create(group of ${group.size})`, root: null, bytes: null, op: null, detail: ranks.join(',') }
  return createComm(parent, call, position >= 0 ? 0 : UNDEFINED, position, null)
}
