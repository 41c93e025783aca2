// MPI_Alltoall and MPI_Alltoallv as the pairwise exchange of alltoallw: displacements in units of
// the type's extent become bytes, and one type serves every peer. sendbuf may be IN_PLACE.

import type { Datatype } from '@spinmpi/ddt'
import type { Buffer, BufferOrInPlace, Request } from '../comm/comm-types.js'
import type { CommCore } from '../comm/comm-core.js'
import type { CollectiveEntries } from './collective.js'
import { startNonblocking } from './nonblocking.js'
import { checkCount, checkCounts, checkDispls, checkType } from './args.js'
import { exchange, type ExchangeSide } from './alltoallw.js'
import { isInPlace } from './in-place-args.js'
import { uniformArrays } from './uniform-arrays.js'

export function alltoall(
  core: CommCore, sendbuf: BufferOrInPlace, sendcount: number, sendtype: Datatype,
  recvbuf: Buffer, recvcount: number, recvtype: Datatype,
): Promise<void> {
  const where = 'alltoall'
  const inPlace = isInPlace(sendbuf)
  if (!inPlace) {
    checkCount(sendcount, where, 'sendcount')
    checkType(sendtype, where, 'sendtype')
  }
  checkCount(recvcount, where, 'recvcount')
  checkType(recvtype, where, 'recvtype')
  const n = core.size
  const side = (buf: Buffer, count: number, type: Datatype): ExchangeSide => {
    const stride = count * type.extent
    const { counts, byteDispls, types } = uniformArrays(n, count, stride, type)
    return { buf, counts, byteDispls, types, uniform: { count, stride, type } }
  }
  return exchange(core, inPlace ? null : side(sendbuf, sendcount, sendtype), side(recvbuf, recvcount, recvtype), where)
}

export function alltoallv(
  core: CommCore, sendbuf: BufferOrInPlace, sendcounts: readonly number[], sdispls: readonly number[], sendtype: Datatype,
  recvbuf: Buffer, recvcounts: readonly number[], rdispls: readonly number[], recvtype: Datatype,
): Promise<void> {
  const where = 'alltoallv'
  const n = core.size
  const inPlace = isInPlace(sendbuf)
  if (!inPlace) {
    checkType(sendtype, where, 'sendtype')
    checkCounts(sendcounts, n, where, 'sendcounts')
    checkDispls(sdispls, n, where, 'sdispls')
  }
  checkType(recvtype, where, 'recvtype')
  checkCounts(recvcounts, n, where, 'recvcounts')
  checkDispls(rdispls, n, where, 'rdispls')
  const every = <T>(v: T) => new Array<T>(n).fill(v)
  return exchange(
    core,
    inPlace ? null : { buf: sendbuf, counts: sendcounts, byteDispls: sdispls.map((d) => d * sendtype.extent), types: every(sendtype) },
    { buf: recvbuf, counts: recvcounts, byteDispls: rdispls.map((d) => d * recvtype.extent), types: every(recvtype) },
    where,
  )
}

export function ialltoall(
  core: CommCore, sendbuf: BufferOrInPlace, sendcount: number, sendtype: Datatype, recvbuf: Buffer, recvcount: number, recvtype: Datatype,
): Request {
  return startNonblocking(core, 'ialltoall()', (c) => alltoall(c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype))
}

export function ialltoallv(
  core: CommCore, sendbuf: BufferOrInPlace, sendcounts: readonly number[], sdispls: readonly number[], sendtype: Datatype,
  recvbuf: Buffer, recvcounts: readonly number[], rdispls: readonly number[], recvtype: Datatype,
): Request {
  return startNonblocking(core, 'ialltoallv()', (c) => alltoallv(c, sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype))
}

/** The record the registry lists (collectives/registry.ts): methods with their docs, tags and parameter names. */
export const alltoallCollective = {
  /** Rank i sends its block j to rank j, which stores it as block i (MPI_Alltoall). IN_PLACE as sendbuf (every rank): data is sent from and replaced in recvbuf. */
  alltoall: { run: alltoall, tag: null, params: ['buf', 'count', 'type', 'buf', 'count', 'type'], agreedPair: 1 },
  /** MPI_Ialltoall: nonblocking `alltoall`, run by the progress engine; complete the request with wait or test. */
  ialltoall: { run: ialltoall, tag: null, params: ['buf', 'count', 'type', 'buf', 'count', 'type'], agreedPair: 1 },
  /** Displacements in elements of the send / receive type's extent, as in MPI. IN_PLACE as at alltoall. */
  alltoallv: { run: alltoallv, tag: null, params: ['buf', 'counts', 'displs', 'type', 'buf', 'counts', 'displs', 'type'] },
  /** MPI_Ialltoallv: nonblocking `alltoallv`, run by the progress engine; complete the request with wait or test. */
  ialltoallv: { run: ialltoallv, tag: null, params: ['buf', 'counts', 'displs', 'type', 'buf', 'counts', 'displs', 'type'] },
} satisfies CollectiveEntries
