// MPI_Reduce down a binomial tree on packed streams. A commutative op reduces over ranks
// relative to the root; a non-commutative one over absolute ranks with root 0 (each node then
// holds a contiguous rank range, combined lower ∘ higher) and rank 0 forwards to the root.
// The root's sendbuf may be IN_PLACE (its input is in recvbuf).

import { BYTE, type Datatype } from '@spinmpi/ddt'
import type { Buffer, BufferOrInPlace, ReduceOp, Request } from '../comm/comm-types.js'
import type { CommCore } from '../comm/comm-core.js'
import type { CollectiveEntries } from './collective.js'
import { startNonblocking } from './nonblocking.js'
import { checkCount, checkRoot, checkType } from './args.js'
import { notInPlace, reductionInput } from './in-place-args.js'
import { packToScratch, scratch, unpackFromScratch } from './local.js'
import { checkOp, reduceLocal, reductionPs, resolveOp, type BuiltinOpName, type Op } from './ops/index.js'
import { absoluteRank, relativeRank } from './trees.js'

/** Tag of its messages on the hidden collective context (see tags.ts). */
const TAG_REDUCE = 3

/** Combines packed `acc` (lower ranks) with `other` (higher ranks); returns the buffer holding acc ∘ other. */
export async function combineLowHigh(core: CommCore, op: Op, type: Datatype, count: number, acc: Uint8Array | null, other: Uint8Array | null): Promise<Uint8Array | null> {
  if (acc !== null && other !== null) reduceLocal(op, type, count, acc, 0, other, 0)
  await core.busy(reductionPs(op, type, count, core.profile.host.flopsPerNs))
  return other
}

/** Combines `other` (lower ranks) into `acc` (higher ranks) in place: acc = other ∘ acc. */
export async function combineHighInPlace(core: CommCore, op: Op, type: Datatype, count: number, other: Uint8Array | null, acc: Uint8Array | null): Promise<void> {
  if (acc !== null && other !== null) reduceLocal(op, type, count, other, 0, acc, 0)
  await core.busy(reductionPs(op, type, count, core.profile.host.flopsPerNs))
}

export async function reduce(
  core: CommCore, sendbuf: BufferOrInPlace, recvbuf: Buffer, count: number, type: Datatype, opArg: ReduceOp | BuiltinOpName, root: number,
): Promise<void> {
  const where = `reduce(root=${String(root)})`
  checkCount(count, where)
  checkType(type, where)
  checkRoot(root, core.size, where)
  const op = resolveOp(opArg, where)
  checkOp(op, type, where)
  const n = core.size, bytes = count * type.size
  const treeRoot = op.commute ? root : 0
  const v = relativeRank(core.rank, treeRoot, n)
  const input = core.rank === root ? reductionInput(sendbuf, recvbuf) : notInPlace(sendbuf, where, 'sendbuf', 'only the root may pass it')
  let acc = await packToScratch(core, input, count, type, `${where} sendbuf`)
  let tmp = scratch(core, bytes)
  for (let mask = 1; mask < n; mask <<= 1) {
    if ((v & mask) !== 0) {
      await core.coll.send(acc, bytes, BYTE, absoluteRank(v - mask, treeRoot, n), TAG_REDUCE)
      break
    }
    if (v + mask < n) {
      await core.coll.recv(tmp, bytes, BYTE, absoluteRank(v + mask, treeRoot, n), TAG_REDUCE)
      const result = await combineLowHigh(core, op, type, count, acc, tmp)
      tmp = acc
      acc = result
    }
  }
  if (treeRoot !== root) {
    if (core.rank === treeRoot) await core.coll.send(acc, bytes, BYTE, root, TAG_REDUCE)
    if (core.rank === root) await core.coll.recv(acc, bytes, BYTE, treeRoot, TAG_REDUCE)
  }
  if (core.rank === root) await unpackFromScratch(core, acc, recvbuf, count, type, `${where} recvbuf`)
}

export function ireduce(core: CommCore, sendbuf: BufferOrInPlace, recvbuf: Buffer, count: number, type: Datatype, op: ReduceOp | BuiltinOpName, root: number): Request {
  return startNonblocking(core, `ireduce(root=${String(root)}, count=${String(count)})`, (c) => reduce(c, sendbuf, recvbuf, count, type, op, root))
}

/** The record the registry lists (collectives/registry.ts): methods with their docs, tags and parameter names. */
export const reduceCollective = {
  /** Combines every rank's elements with `op` into root's `recvbuf` (MPI_Reduce). IN_PLACE as sendbuf at the root: the root's input is in recvbuf. */
  reduce: { run: reduce, tag: TAG_REDUCE, params: ['buf', 'buf', 'count', 'type', 'op', 'root'], agreedPair: 2 },
  /** MPI_Ireduce: nonblocking `reduce`, run by the progress engine; complete the request with wait or test. */
  ireduce: { run: ireduce, tag: null, params: ['buf', 'buf', 'count', 'type', 'op', 'root'], agreedPair: 2 },
} satisfies CollectiveEntries
