// The MPI-style communicator as users see it: point-to-point, requests, statuses, wildcards,
// simulated time, and the collective operations (implemented in collectives/ as free functions
// over the rank's internal communicator; see comm/collective-hook.ts). Types only.

import type { Datatype, ErrorClass } from '@spinmpi/ddt'
import type { InPlace } from './in-place.js'

export { IN_PLACE, type InPlace } from './in-place.js'

/** Any typed array, DataView or ArrayBuffer a user may pass as a message buffer. */
export type BufferView = ArrayBufferView | ArrayBuffer

/** A buffer with the byte at which the MPI buffer address lies (C's `buf + offset`). */
export interface BufferAt {
  readonly data: BufferView | null
  readonly byteOffset: number
}

/**
 * A message buffer argument: a typed array / DataView / ArrayBuffer (MPI address at its first
 * byte), a `BufferAt` to start elsewhere in it, or null in timing mode (no payload bytes).
 */
export type Buffer = BufferView | BufferAt | null

/** A buffer argument that may be IN_PLACE (where MPI allows MPI_IN_PLACE). */
export type BufferOrInPlace = Buffer | InPlace

/** Wildcards, MPI_UNDEFINED and the tag bound (MPI_TAG_UB). */
export const ANY_SOURCE = -1
export const ANY_TAG = -1
export const UNDEFINED = -32766
export const PROC_NULL = -2
export const TAG_UB = (1 << 22) - 1

/** What a completed receive (or probe) reports (MPI_Status). */
export interface Status {
  readonly source: number
  readonly tag: number
  /** null on success, else the MPI error class of this request. */
  readonly error: ErrorClass | null
  /** Bytes of the message as sent (a probe) or as received (after truncation to the buffer). */
  readonly bytes: number
  /** True when the message was larger than the receive buffer. */
  readonly truncated: boolean
  /** Elements of `type` received; UNDEFINED when the bytes are not a whole number of them. */
  getCount(type: Datatype): number
  /** Elementary elements received (MPI_Get_elements); UNDEFINED when the bytes split one. */
  getElements(type: Datatype): number
}

/** 'coll': a nonblocking collective (ibcast ...), completed by the rank's progress engine. */
export type RequestKind = 'send' | 'recv' | 'coll'

/** A non-blocking operation (MPI_Request). Complete it with wait/test on its communicator. */
export interface Request {
  readonly kind: RequestKind
  /** True once the operation has completed (after which wait returns at once). */
  readonly done: boolean
  /** Human-readable form used in deadlock reports, e.g. "irecv(source=0, tag=7, count=4 x float64)". */
  readonly description: string
}

/** Modelled compute: nanoseconds, or floating-point operations at the profile's host.flopsPerNs. */
export type ComputeWork = number | { readonly ns: number } | { readonly flops: number }

/** Predefined reduction operations on elementary types (MPI_SUM ...). */
export type ReduceOpName = 'SUM' | 'PROD' | 'MIN' | 'MAX' | 'LAND' | 'LOR' | 'BAND' | 'BOR'

/**
 * A user reduction (MPI_Op_create): combines `count` elements of `type` from `input` into
 * `inout` (both packed, little-endian). Must be associative; `commute` says whether it commutes.
 */
export interface UserReduceOp {
  readonly name: string
  readonly commute: boolean
  fn(input: Uint8Array, inout: Uint8Array, count: number, type: Datatype): void
}

export type ReduceOp = ReduceOpName | UserReduceOp

export type BcastAlgorithm = 'auto' | 'binomial' | 'nic-stream' | 'nic-store' | 'nic-binary'

export interface BcastOptions {
  readonly algorithm?: BcastAlgorithm
}

/** Point-to-point on one matching context. */
export interface PointToPoint {
  send(buf: Buffer, count: number, type: Datatype, dest: number, tag: number): Promise<void>
  recv(buf: Buffer, count: number, type: Datatype, source: number, tag: number): Promise<Status>
  isend(buf: Buffer, count: number, type: Datatype, dest: number, tag: number): Request
  irecv(buf: Buffer, count: number, type: Datatype, source: number, tag: number): Request
  sendrecv(
    sendbuf: Buffer, sendcount: number, sendtype: Datatype, dest: number, sendtag: number,
    recvbuf: Buffer, recvcount: number, recvtype: Datatype, source: number, recvtag: number,
  ): Promise<Status>
  /** Waits for one request; rejects with its MpiError (e.g. ERR_TRUNCATE) if it failed. */
  wait(req: Request): Promise<Status>
  waitall(reqs: readonly Request[]): Promise<Status[]>
  /** Waits for the first of `reqs` to complete (earliest in simulated time, then lowest index). */
  waitany(reqs: readonly Request[]): Promise<{ readonly index: number; readonly status: Status }>
  /** Polls once (charging one poll of the completion queue): the status if done, else null. */
  test(req: Request): Promise<Status | null>
  /** Blocks until a matching message is there (not received); its status has the sent size. */
  probe(source: number, tag: number): Promise<Status>
  /** Polls once for a matching message. */
  iprobe(source: number, tag: number): Promise<Status | null>
}

/**
 * Collective operations; all ranks of the communicator call them, blocking and nonblocking alike,
 * in the same order. `IN_PLACE` is accepted where MPI accepts MPI_IN_PLACE (noted per call).
 * Arguments MPI calls significant only at the root are ignored elsewhere.
 */
export interface Collectives {
  barrier(): Promise<void>
  bcast(buf: Buffer, count: number, type: Datatype, root: number, options?: BcastOptions): Promise<void>
  /** IN_PLACE as sendbuf at the root: the root's input is in recvbuf. */
  reduce(sendbuf: BufferOrInPlace, recvbuf: Buffer, count: number, type: Datatype, op: ReduceOp, root: number): Promise<void>
  /** IN_PLACE as sendbuf (every rank): the input is in recvbuf. */
  allreduce(sendbuf: BufferOrInPlace, recvbuf: Buffer, count: number, type: Datatype, op: ReduceOp): Promise<void>
  /** IN_PLACE as sendbuf at the root: the root's block is already at its place in recvbuf. */
  gather(
    sendbuf: BufferOrInPlace, sendcount: number, sendtype: Datatype,
    recvbuf: Buffer, recvcount: number, recvtype: Datatype, root: number,
  ): Promise<void>
  /** MPI_Gatherv: rank i's block (recvcounts[i]) lands at displs[i] extents of recvtype. IN_PLACE as at gather. */
  gatherv(
    sendbuf: BufferOrInPlace, sendcount: number, sendtype: Datatype,
    recvbuf: Buffer, recvcounts: readonly number[], displs: readonly number[], recvtype: Datatype, root: number,
  ): Promise<void>
  /** IN_PLACE as recvbuf at the root: the root's own block stays where it is in sendbuf. */
  scatter(
    sendbuf: Buffer, sendcount: number, sendtype: Datatype,
    recvbuf: BufferOrInPlace, recvcount: number, recvtype: Datatype, root: number,
  ): Promise<void>
  /** MPI_Scatterv: rank i gets sendcounts[i] elements from displs[i] extents of sendtype. IN_PLACE as at scatter. */
  scatterv(
    sendbuf: Buffer, sendcounts: readonly number[], displs: readonly number[], sendtype: Datatype,
    recvbuf: BufferOrInPlace, recvcount: number, recvtype: Datatype, root: number,
  ): Promise<void>
  /** IN_PLACE as sendbuf (every rank): each rank's block is already at its place in recvbuf. */
  allgather(
    sendbuf: BufferOrInPlace, sendcount: number, sendtype: Datatype,
    recvbuf: Buffer, recvcount: number, recvtype: Datatype,
  ): Promise<void>
  /** MPI_Allgatherv: rank i's block (recvcounts[i]) lands at displs[i] extents of recvtype everywhere. */
  allgatherv(
    sendbuf: BufferOrInPlace, sendcount: number, sendtype: Datatype,
    recvbuf: Buffer, recvcounts: readonly number[], displs: readonly number[], recvtype: Datatype,
  ): Promise<void>
  /** IN_PLACE as sendbuf (every rank): data is sent from and replaced in recvbuf. */
  alltoall(
    sendbuf: BufferOrInPlace, sendcount: number, sendtype: Datatype,
    recvbuf: Buffer, recvcount: number, recvtype: Datatype,
  ): Promise<void>
  /** Displacements in elements of the send / receive type's extent, as in MPI. IN_PLACE as at alltoall. */
  alltoallv(
    sendbuf: BufferOrInPlace, sendcounts: readonly number[], sdispls: readonly number[], sendtype: Datatype,
    recvbuf: Buffer, recvcounts: readonly number[], rdispls: readonly number[], recvtype: Datatype,
  ): Promise<void>
  /** Displacements in bytes and one type per peer, as in MPI. IN_PLACE as at alltoall. */
  alltoallw(
    sendbuf: BufferOrInPlace, sendcounts: readonly number[], sdispls: readonly number[], sendtypes: readonly Datatype[],
    recvbuf: Buffer, recvcounts: readonly number[], rdispls: readonly number[], recvtypes: readonly Datatype[],
  ): Promise<void>
  /** MPI_Scan: rank i gets x_0 ∘ x_1 ∘ … ∘ x_i (rank order). IN_PLACE as sendbuf: the input is in recvbuf. */
  scan(sendbuf: BufferOrInPlace, recvbuf: Buffer, count: number, type: Datatype, op: ReduceOp): Promise<void>
  /** MPI_Exscan: rank i > 0 gets x_0 ∘ … ∘ x_(i-1); rank 0's recvbuf is left untouched. IN_PLACE as at scan. */
  exscan(sendbuf: BufferOrInPlace, recvbuf: Buffer, count: number, type: Datatype, op: ReduceOp): Promise<void>
  /**
   * MPI_Reduce_scatter: every rank gives a vector of sum(recvcounts) elements; rank i gets
   * recvcounts[i] elements of their reduction (those after the blocks of ranks below i).
   * IN_PLACE as sendbuf: the vector is in recvbuf, and the result replaces its start.
   */
  reduceScatter(sendbuf: BufferOrInPlace, recvbuf: Buffer, recvcounts: readonly number[], type: Datatype, op: ReduceOp): Promise<void>
  /** MPI_Reduce_scatter_block: reduceScatter with recvcount elements for every rank. */
  reduceScatterBlock(sendbuf: BufferOrInPlace, recvbuf: Buffer, recvcount: number, type: Datatype, op: ReduceOp): Promise<void>

  // Nonblocking (MPI_I...): same arguments and algorithms as the blocking calls; the rank's
  // progress engine runs them while the rank computes. Complete with wait/waitall/test...;
  // buffers must not be touched until then.
  ibarrier(): Request
  /** Any bcast algorithm; the offloaded ones forward on the NICs while the ranks compute. */
  ibcast(buf: Buffer, count: number, type: Datatype, root: number, options?: BcastOptions): Request
  ireduce(sendbuf: BufferOrInPlace, recvbuf: Buffer, count: number, type: Datatype, op: ReduceOp, root: number): Request
  iallreduce(sendbuf: BufferOrInPlace, recvbuf: Buffer, count: number, type: Datatype, op: ReduceOp): Request
  igather(
    sendbuf: BufferOrInPlace, sendcount: number, sendtype: Datatype,
    recvbuf: Buffer, recvcount: number, recvtype: Datatype, root: number,
  ): Request
  igatherv(
    sendbuf: BufferOrInPlace, sendcount: number, sendtype: Datatype,
    recvbuf: Buffer, recvcounts: readonly number[], displs: readonly number[], recvtype: Datatype, root: number,
  ): Request
  iscatter(
    sendbuf: Buffer, sendcount: number, sendtype: Datatype,
    recvbuf: BufferOrInPlace, recvcount: number, recvtype: Datatype, root: number,
  ): Request
  iscatterv(
    sendbuf: Buffer, sendcounts: readonly number[], displs: readonly number[], sendtype: Datatype,
    recvbuf: BufferOrInPlace, recvcount: number, recvtype: Datatype, root: number,
  ): Request
  iallgather(
    sendbuf: BufferOrInPlace, sendcount: number, sendtype: Datatype,
    recvbuf: Buffer, recvcount: number, recvtype: Datatype,
  ): Request
  iallgatherv(
    sendbuf: BufferOrInPlace, sendcount: number, sendtype: Datatype,
    recvbuf: Buffer, recvcounts: readonly number[], displs: readonly number[], recvtype: Datatype,
  ): Request
  ialltoall(
    sendbuf: BufferOrInPlace, sendcount: number, sendtype: Datatype,
    recvbuf: Buffer, recvcount: number, recvtype: Datatype,
  ): Request
  ialltoallv(
    sendbuf: BufferOrInPlace, sendcounts: readonly number[], sdispls: readonly number[], sendtype: Datatype,
    recvbuf: Buffer, recvcounts: readonly number[], rdispls: readonly number[], recvtype: Datatype,
  ): Request
  ialltoallw(
    sendbuf: BufferOrInPlace, sendcounts: readonly number[], sdispls: readonly number[], sendtypes: readonly Datatype[],
    recvbuf: Buffer, recvcounts: readonly number[], rdispls: readonly number[], recvtypes: readonly Datatype[],
  ): Request
  iscan(sendbuf: BufferOrInPlace, recvbuf: Buffer, count: number, type: Datatype, op: ReduceOp): Request
  iexscan(sendbuf: BufferOrInPlace, recvbuf: Buffer, count: number, type: Datatype, op: ReduceOp): Request
  ireduceScatter(sendbuf: BufferOrInPlace, recvbuf: Buffer, recvcounts: readonly number[], type: Datatype, op: ReduceOp): Request
  ireduceScatterBlock(sendbuf: BufferOrInPlace, recvbuf: Buffer, recvcount: number, type: Datatype, op: ReduceOp): Request
}

/** A rank's communicator (MPI_COMM_WORLD of the run). */
export interface Comm extends PointToPoint, Collectives {
  readonly rank: number
  readonly size: number
  readonly ANY_SOURCE: number
  readonly ANY_TAG: number
  /** Simulated seconds since the start of the run (MPI_Wtime). */
  wtime(): number
  /** Simulated picoseconds since the start of the run (exact integer). */
  nowPs(): number
  /** Advances this rank's simulated time by modelled compute. */
  compute(work: ComputeWork): Promise<void>
}
