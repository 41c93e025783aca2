// MPI_Reduce down a binomial tree on packed streams. A commutative op reduces over ranks
// relative to the root; a non-commutative one over absolute ranks with root 0 (each node then
// holds a contiguous rank range, combined lower ∘ higher) and rank 0 forwards to the root.
// The root's sendbuf may be IN_PLACE (its input is in recvbuf).

import { BYTE, type Datatype } from '@spinmpi/ddt'
import type { Buffer, BufferOrInPlace, ReduceOp } from '../comm/comm-api.js'
import type { CommCore } from '../comm/comm-core.js'
import { checkCount, checkRoot, checkType } from './args.js'
import { notInPlace, reductionInput } from './in-place-args.js'
import { packToScratch, scratch, unpackFromScratch } from './local.js'
import { checkOp, reduceLocal, reductionPs, resolveOp, type BuiltinOpName, type Op } from './ops/index.js'
import { TAG_REDUCE } from './tags.js'
import { absoluteRank, relativeRank } from './trees.js'

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
