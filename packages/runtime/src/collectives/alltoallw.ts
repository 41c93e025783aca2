// MPI_Alltoallw, the general exchange the other all-to-alls reduce to: pairwise exchange in n - 1
// steps (step k: send to rank + k, receive from rank - k), the own block by a local copy. Byte
// displacements and one type per peer on each side. With sendbuf IN_PLACE the blocks to send are
// first packed out of recvbuf (charged), then sent from that copy while recvbuf fills.

import { BYTE, type Datatype } from '@spinmpi/ddt'
import type { Buffer, BufferOrInPlace, BufferView, Request } from '../comm/comm-types.js'
import type { CommCore } from '../comm/comm-core.js'
import type { CollectiveEntries } from './collective.js'
import { startNonblocking } from './nonblocking.js'
import { checkCounts, checkDispls, checkFits, checkPerPeer, checkTypes } from './args.js'
import { isInPlace } from './in-place-args.js'
import { checkBlocks } from './buffer-checks.js'
import { localCopy, offsetBuffer, packToScratch, scratch } from './local.js'

/** Tag of its messages on the hidden collective context (see tags.ts). */
const TAG_ALLTOALL = 8

/** One side of an exchange: per-peer counts, byte displacements and types. */
export interface ExchangeSide {
  readonly buf: Buffer
  readonly counts: readonly number[]
  readonly byteDispls: readonly number[]
  readonly types: readonly Datatype[]
  /**
   * Set when every peer's block is `count` x `type` at byte `i * stride` (alltoall): the steps
   * compute their arguments instead of reading three per-peer arrays, which at hundreds of ranks
   * are out of the caches by the time a rank's next step comes.
   */
  readonly uniform?: { readonly count: number; readonly stride: number; readonly type: Datatype }
}

/** A buffer argument a series step fills in place (see blockBuffer). */
interface StepBuffer {
  data: BufferView | null
  byteOffset: number
}

/**
 * Where `side`'s block for `peer` starts (a uniform side computes it): `offsetBuffer`'s argument,
 * written into `at` instead of a new object. The series' sendrecv reads it at once (the buffer is
 * resolved when the call is posted, before the next step's fill), so one `at` per side serves
 * every step.
 */
function blockBuffer(side: ExchangeSide, peer: number, at: StepBuffer): Buffer {
  const u = side.uniform
  const offset = u === undefined ? side.byteDispls[peer]! : peer * u.stride
  const buf = side.buf
  if (offset === 0) return buf
  if (buf === null || buf instanceof ArrayBuffer || ArrayBuffer.isView(buf)) {
    at.data = buf
    at.byteOffset = offset
  } else {
    at.data = buf.data
    at.byteOffset = buf.byteOffset + offset
  }
  return at
}

function blockCount(side: ExchangeSide, peer: number): number {
  const u = side.uniform
  return u === undefined ? side.counts[peer]! : u.count
}

function blockType(side: ExchangeSide, peer: number): Datatype {
  const u = side.uniform
  return u === undefined ? side.types[peer]! : u.type
}

function checkSide(side: ExchangeSide, n: number, name: 'send' | 'recv', where: string): void {
  checkCounts(side.counts, n, where, `${name}counts`)
  checkDispls(side.byteDispls, n, where, `${name === 'send' ? 's' : 'r'}displs`)
  checkTypes(checkPerPeer(side.types, n, where, `${name}types`), where, `${name}types`)
}

/** IN_PLACE: the blocks for the other ranks packed out of recvbuf, as a BYTE send side. */
async function packedCopyOf(core: CommCore, recv: ExchangeSide, where: string): Promise<ExchangeSide> {
  const n = core.size
  const byteDispls: number[] = []
  let total = 0
  for (let i = 0; i < n; i++) {
    byteDispls.push(total)
    total += recv.counts[i]! * recv.types[i]!.size
  }
  const copy = scratch(core, total)
  for (let i = 0; i < n; i++) {
    if (i === core.rank) continue
    const packed = await packToScratch(core, offsetBuffer(recv.buf, recv.byteDispls[i]!), recv.counts[i]!, recv.types[i]!, `${where} recvbuf`)
    if (copy !== null && packed !== null) copy.set(packed, byteDispls[i])
  }
  return { buf: copy, counts: recv.counts.map((c, i) => c * recv.types[i]!.size), byteDispls, types: new Array<Datatype>(n).fill(BYTE) }
}

/** `send` null: IN_PLACE (the data to send is in recv's buffer and is replaced there). */
export async function exchange(core: CommCore, sendSide: ExchangeSide | null, recv: ExchangeSide, where: string): Promise<void> {
  const n = core.size, r = core.rank
  checkSide(recv, n, 'recv', where)
  checkBlocks(recv.buf, n, -1, recv.counts, recv.types, (i) => recv.byteDispls[i]!, core.dataMode, where, 'recvbuf')
  let send: ExchangeSide
  if (sendSide === null) {
    send = await packedCopyOf(core, recv, where)
  } else {
    send = sendSide
    checkSide(send, n, 'send', where)
    checkBlocks(send.buf, n, -1, send.counts, send.types, (i) => send.byteDispls[i]!, core.dataMode, where, 'sendbuf')
    const [sendCount, sendType, recvCount, recvType] = [send.counts[r]!, send.types[r]!, recv.counts[r]!, recv.types[r]!]
    checkFits(sendCount, sendType, recvCount, recvType, `${where} own block`)
    await localCopy(
      core, offsetBuffer(send.buf, send.byteDispls[r]!), sendCount, sendType,
      offsetBuffer(recv.buf, recv.byteDispls[r]!), recvCount, recvType, where,
    )
  }
  // step k (1 <= k < n): send to rank + k, receive from rank - k; the steps as one sendrecv series
  // (no promise per step: at 1,024 ranks an alltoall is a million sendrecvs)
  const out = send
  const sendAt: StepBuffer = { data: null, byteOffset: 0 }
  const recvAt: StepBuffer = { data: null, byteOffset: 0 }
  await core.coll.sendrecvSeries(n - 1, (i, step) => {
    const k = i + 1
    const dst = (r + k) % n, src = (r - k + n) % n
    step.sendbuf = blockBuffer(out, dst, sendAt)
    step.sendcount = blockCount(out, dst)
    step.sendtype = blockType(out, dst)
    step.dest = dst
    step.sendtag = TAG_ALLTOALL
    step.recvbuf = blockBuffer(recv, src, recvAt)
    step.recvcount = blockCount(recv, src)
    step.recvtype = blockType(recv, src)
    step.source = src
    step.recvtag = TAG_ALLTOALL
  }, {
    sendbuf: null, sendcount: 0, sendtype: BYTE, dest: 0, sendtag: TAG_ALLTOALL,
    recvbuf: null, recvcount: 0, recvtype: BYTE, source: 0, recvtag: TAG_ALLTOALL,
  })
}

export function alltoallw(
  core: CommCore, sendbuf: BufferOrInPlace, sendcounts: readonly number[], sdispls: readonly number[], sendtypes: readonly Datatype[],
  recvbuf: Buffer, recvcounts: readonly number[], rdispls: readonly number[], recvtypes: readonly Datatype[],
): Promise<void> {
  return exchange(
    core,
    isInPlace(sendbuf) ? null : { buf: sendbuf, counts: sendcounts, byteDispls: sdispls, types: sendtypes },
    { buf: recvbuf, counts: recvcounts, byteDispls: rdispls, types: recvtypes },
    'alltoallw',
  )
}

export function ialltoallw(
  core: CommCore, sendbuf: BufferOrInPlace, sendcounts: readonly number[], sdispls: readonly number[], sendtypes: readonly Datatype[],
  recvbuf: Buffer, recvcounts: readonly number[], rdispls: readonly number[], recvtypes: readonly Datatype[],
): Request {
  return startNonblocking(core, 'ialltoallw()', (c) => alltoallw(c, sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes))
}

/** The record the registry lists (collectives/registry.ts): methods with their docs, tags and parameter names. */
export const alltoallwCollective = {
  /** Displacements in bytes and one type per peer, as in MPI. IN_PLACE as at alltoall. */
  alltoallw: { run: alltoallw, tag: TAG_ALLTOALL, params: ['buf', 'counts', 'displs', 'types', 'buf', 'counts', 'displs', 'types'] },
  /** MPI_Ialltoallw: nonblocking `alltoallw`, run by the progress engine; complete the request with wait or test. */
  ialltoallw: { run: ialltoallw, tag: null, params: ['buf', 'counts', 'displs', 'types', 'buf', 'counts', 'displs', 'types'] },
} satisfies CollectiveEntries
