// MPI_Allreduce by recursive doubling (Thakur, Rabenseifner, Gropp 2005) for any size: the
// first 2·rem ranks fold pairwise so a power of two take part, exchange and combine log2 rounds,
// then the folded ranks get the result back. Partners combine lower ranks first, so
// non-commutative ops see rank order. With sendbuf IN_PLACE the input is in recvbuf.

import { BYTE, type Datatype } from '@spinmpi/ddt'
import type { Buffer, BufferOrInPlace, ReduceOp, Request } from '../comm/comm-types.js'
import type { CommCore } from '../comm/comm-core.js'
import type { CollectiveEntries } from './collective.js'
import { startNonblocking } from './nonblocking.js'
import { checkCount, checkType } from './args.js'
import { reductionInput } from './in-place-args.js'
import { packToScratch, scratch, unpackFromScratch } from './local.js'
import { checkOp, resolveOp, type BuiltinOpName } from './ops/index.js'
import { combineHighInPlace, combineLowHigh } from './reduce.js'
import { powerOfTwoFloor } from './trees.js'

/** Tag of its messages on the hidden collective context (see tags.ts). */
const TAG_ALLREDUCE = 4

export async function allreduce(
  core: CommCore, sendbuf: BufferOrInPlace, recvbuf: Buffer, count: number, type: Datatype, opArg: ReduceOp | BuiltinOpName,
): Promise<void> {
  const where = 'allreduce'
  checkCount(count, where)
  checkType(type, where)
  const op = resolveOp(opArg, where)
  checkOp(op, type, where)
  const n = core.size, rank = core.rank, bytes = count * type.size
  let acc = await packToScratch(core, reductionInput(sendbuf, recvbuf), count, type, `${where} sendbuf`)
  let tmp = scratch(core, bytes)
  const pof2 = powerOfTwoFloor(n)
  const rem = n - pof2
  let newRank: number
  if (rank < 2 * rem) {
    if (rank % 2 === 0) {
      await core.coll.send(acc, bytes, BYTE, rank + 1, TAG_ALLREDUCE)
      newRank = -1
    } else {
      await core.coll.recv(tmp, bytes, BYTE, rank - 1, TAG_ALLREDUCE)
      await combineHighInPlace(core, op, type, count, tmp, acc)
      newRank = rank >> 1
    }
  } else {
    newRank = rank - rem
  }
  if (newRank >= 0) {
    for (let mask = 1; mask < pof2; mask <<= 1) {
      const partnerNew = newRank ^ mask
      const partner = partnerNew < rem ? 2 * partnerNew + 1 : partnerNew + rem
      await core.coll.sendrecv(acc, bytes, BYTE, partner, TAG_ALLREDUCE, tmp, bytes, BYTE, partner, TAG_ALLREDUCE)
      if (partner < rank) {
        await combineHighInPlace(core, op, type, count, tmp, acc)
      } else {
        const result = await combineLowHigh(core, op, type, count, acc, tmp)
        tmp = acc
        acc = result
      }
    }
  }
  if (rank < 2 * rem) {
    if (rank % 2 === 1) await core.coll.send(acc, bytes, BYTE, rank - 1, TAG_ALLREDUCE)
    else await core.coll.recv(acc, bytes, BYTE, rank + 1, TAG_ALLREDUCE)
  }
  await unpackFromScratch(core, acc, recvbuf, count, type, `${where} recvbuf`)
}

export function iallreduce(core: CommCore, sendbuf: BufferOrInPlace, recvbuf: Buffer, count: number, type: Datatype, op: ReduceOp | BuiltinOpName): Request {
  return startNonblocking(core, `iallreduce(count=${String(count)})`, (c) => allreduce(c, sendbuf, recvbuf, count, type, op))
}

/** The record the registry lists (collectives/registry.ts): methods with their docs, tags and parameter names. */
export const allreduceCollective = {
  /** Like reduce, with the result on every rank (MPI_Allreduce). IN_PLACE as sendbuf (every rank): the input is in recvbuf. */
  allreduce: { run: allreduce, tag: TAG_ALLREDUCE, params: ['buf', 'buf', 'count', 'type', 'op'], agreedPair: 2 },
  /** MPI_Iallreduce: nonblocking `allreduce`, run by the progress engine; complete the request with wait or test. */
  iallreduce: { run: iallreduce, tag: null, params: ['buf', 'buf', 'count', 'type', 'op'], agreedPair: 2 },
} satisfies CollectiveEntries
