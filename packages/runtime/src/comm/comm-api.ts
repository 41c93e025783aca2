// The MPI-style communicator as users see it: point-to-point, requests, statuses, wildcards,
// simulated time, and the collective operations (implemented in collectives/ as free functions
// over the rank's internal communicator; see comm/collective-hook.ts). Types only.

import type { Datatype, ErrorClass } from '@spinmpi/ddt'

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

/** Wildcards, MPI_UNDEFINED and the tag bound (MPI_TAG_UB). */
export const ANY_SOURCE = -1
/** Receive a message with any tag (MPI_ANY_TAG). */
export const ANY_TAG = -1
/** MPI_UNDEFINED: e.g. a count that is not a whole number of elements. */
export const UNDEFINED = -32766
/** MPI_PROC_NULL: a send or receive with this peer completes at once and moves no data. */
export const PROC_NULL = -2
/** The largest valid tag (MPI_TAG_UB). */
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

/** Whether a request is a send or a receive. */
export type RequestKind = 'send' | 'recv'

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
  /** Combines `count` elements of `type` from `input` into `inout`. */
  fn(input: Uint8Array, inout: Uint8Array, count: number, type: Datatype): void
}

/** A reduction operation: a predefined name or a user function. */
export type ReduceOp = ReduceOpName | UserReduceOp

/** Broadcast algorithms: host binomial tree, or NIC-offloaded (streaming, store-and-forward, binary tree); 'auto' picks by size and profile. */
export type BcastAlgorithm = 'auto' | 'binomial' | 'nic-stream' | 'nic-store' | 'nic-binary'

/** Options of bcast: the algorithm. */
export interface BcastOptions {
  readonly algorithm?: BcastAlgorithm
}

/** Point-to-point on one matching context. */
export interface PointToPoint {
  /** Blocking send of `count` elements of `type` to rank `dest` (MPI_Send). */
  send(buf: Buffer, count: number, type: Datatype, dest: number, tag: number): Promise<void>
  /** Blocking receive (MPI_Recv); `source` and `tag` may be ANY_SOURCE / ANY_TAG. */
  recv(buf: Buffer, count: number, type: Datatype, source: number, tag: number): Promise<Status>
  /** Non-blocking send (MPI_Isend): complete it with wait or test. */
  isend(buf: Buffer, count: number, type: Datatype, dest: number, tag: number): Request
  /** Non-blocking receive (MPI_Irecv): complete it with wait or test. */
  irecv(buf: Buffer, count: number, type: Datatype, source: number, tag: number): Request
  /** A send and a receive that proceed together (MPI_Sendrecv). */
  sendrecv(
    sendbuf: Buffer, sendcount: number, sendtype: Datatype, dest: number, sendtag: number,
    recvbuf: Buffer, recvcount: number, recvtype: Datatype, source: number, recvtag: number,
  ): Promise<Status>
  /** Waits for one request; rejects with its MpiError (e.g. ERR_TRUNCATE) if it failed. */
  wait(req: Request): Promise<Status>
  /** Waits for every request; statuses in the order given (MPI_Waitall). */
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

/** Collective operations; all ranks of the communicator call them in the same order. */
export interface Collectives {
  /** Returns when every rank has entered it (MPI_Barrier). */
  barrier(): Promise<void>
  /** Copies root's buffer to every rank (MPI_Bcast). */
  bcast(buf: Buffer, count: number, type: Datatype, root: number, options?: BcastOptions): Promise<void>
  /** Combines every rank's elements with `op` into root's `recvbuf` (MPI_Reduce). */
  reduce(sendbuf: Buffer, recvbuf: Buffer, count: number, type: Datatype, op: ReduceOp, root: number): Promise<void>
  /** Like reduce, with the result on every rank (MPI_Allreduce). */
  allreduce(sendbuf: Buffer, recvbuf: Buffer, count: number, type: Datatype, op: ReduceOp): Promise<void>
  /** Collects each rank's block at root, in rank order (MPI_Gather). */
  gather(
    sendbuf: Buffer, sendcount: number, sendtype: Datatype,
    recvbuf: Buffer, recvcount: number, recvtype: Datatype, root: number,
  ): Promise<void>
  /** Sends block i of root's buffer to rank i (MPI_Scatter). */
  scatter(
    sendbuf: Buffer, sendcount: number, sendtype: Datatype,
    recvbuf: Buffer, recvcount: number, recvtype: Datatype, root: number,
  ): Promise<void>
  /** Collects each rank's block on every rank (MPI_Allgather). */
  allgather(
    sendbuf: Buffer, sendcount: number, sendtype: Datatype,
    recvbuf: Buffer, recvcount: number, recvtype: Datatype,
  ): Promise<void>
  /** Rank i sends its block j to rank j, which stores it as block i (MPI_Alltoall). */
  alltoall(
    sendbuf: Buffer, sendcount: number, sendtype: Datatype,
    recvbuf: Buffer, recvcount: number, recvtype: Datatype,
  ): Promise<void>
  /** Displacements in elements of the send / receive type's extent, as in MPI. */
  alltoallv(
    sendbuf: Buffer, sendcounts: readonly number[], sdispls: readonly number[], sendtype: Datatype,
    recvbuf: Buffer, recvcounts: readonly number[], rdispls: readonly number[], recvtype: Datatype,
  ): Promise<void>
  /** Displacements in bytes and one type per peer, as in MPI. */
  alltoallw(
    sendbuf: Buffer, sendcounts: readonly number[], sdispls: readonly number[], sendtypes: readonly Datatype[],
    recvbuf: Buffer, recvcounts: readonly number[], rdispls: readonly number[], recvtypes: readonly Datatype[],
  ): Promise<void>
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
