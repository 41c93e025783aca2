// The MPI-style communicator as users see it: point-to-point, requests, statuses, wildcards,
// simulated time, and the collective operations (implemented in collectives/ as free functions
// over the rank's internal communicator; bound to each communicator by the world). Types only.

import type { Datatype, ErrorClass } from '@spinmpi/ddt'
import type { BuiltinOp } from '../collectives/ops/op.js'
import type { Group } from './group.js'
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

export { ANY_SOURCE, ANY_TAG, UNDEFINED, PROC_NULL, TAG_UB, COMM_NULL } from './mpi-constants.js'

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
  /** True when the receive was cancelled before it matched (MPI_Test_cancelled). */
  readonly cancelled: boolean
  /** Elements of `type` received; UNDEFINED when the bytes are not a whole number of them. */
  getCount(type: Datatype): number
  /** Elementary elements received (MPI_Get_elements); UNDEFINED when the bytes split one. */
  getElements(type: Datatype): number
}

/** Whether a request is a send, a receive, or a nonblocking collective (ibcast ..., completed by the rank's progress engine). */
export type RequestKind = 'send' | 'recv' | 'coll'

/** A non-blocking operation (MPI_Request). Complete it with wait/test on its communicator. */
export interface Request {
  readonly kind: RequestKind
  /** True once the operation has completed. */
  readonly done: boolean
  /**
   * False once a wait/test has returned its completion (or for REQUEST_NULL): MPI then treats the
   * handle as MPI_REQUEST_NULL: wait returns an empty status, waitany/testany skip it.
   */
  readonly active: boolean
  /** Human-readable form used in deadlock reports, e.g. "irecv(source=0, tag=7, count=4 x float64)". */
  readonly description: string
}

/** MPI_REQUEST_NULL: an inactive request; wait returns an empty status, waitany skips it. */
export const REQUEST_NULL: Request = Object.freeze({ kind: 'send', done: true, active: false, description: 'REQUEST_NULL' })

/** Modelled compute: nanoseconds, or floating-point operations at the profile's host.flopsPerNs. */
export type ComputeWork = number | { readonly ns: number } | { readonly flops: number }

/** The result of waitany/testany: index UNDEFINED (and an empty status) when no request is active. */
export interface AnyCompletion {
  readonly index: number
  readonly status: Status
}

/** The result of waitsome/testsome: `count` is UNDEFINED when no request is active (MPI's outcount). */
export interface SomeCompletion {
  readonly count: number
  readonly indices: readonly number[]
  readonly statuses: readonly Status[]
}

/** Predefined reduction operations (MPI_SUM ...); MINLOC/MAXLOC on the pair types (DOUBLE_INT ...). */
export type ReduceOpName =
  | 'SUM' | 'PROD' | 'MIN' | 'MAX' | 'LAND' | 'LOR' | 'LXOR' | 'BAND' | 'BOR' | 'BXOR' | 'MINLOC' | 'MAXLOC'

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

/** A reduction operation: a predefined name, one of the exported BUILTIN_OPS objects (SUM ...), or a user op. */
export type ReduceOp = ReduceOpName | BuiltinOp | UserReduceOp

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
  /** Synchronous send (MPI_Ssend): completes only once the matching receive has matched it. */
  ssend(buf: Buffer, count: number, type: Datatype, dest: number, tag: number): Promise<void>
  /** Nonblocking synchronous send (MPI_Issend): completes only once the receiver has matched it. */
  issend(buf: Buffer, count: number, type: Datatype, dest: number, tag: number): Request
  /** MPI_Sendrecv_replace: sends `buf`, then receives into the same buffer. */
  sendrecvReplace(
    buf: Buffer, count: number, type: Datatype, dest: number, sendtag: number, source: number, recvtag: number,
  ): Promise<Status>
  /**
   * Waits for one request; rejects with its MpiError (e.g. ERR_TRUNCATE) if it failed. The
   * request becomes inactive; waiting on an inactive one returns an empty status at once.
   */
  wait(req: Request): Promise<Status>
  /**
   * Waits for all. If some failed, rejects with a WaitallError (MPI_ERR_IN_STATUS) carrying
   * every status (`error` set on the failed ones) and every error.
   */
  waitall(reqs: readonly Request[]): Promise<Status[]>
  /** Waits for the first active request to complete (earliest in simulated time, then lowest index). */
  waitany(reqs: readonly Request[]): Promise<AnyCompletion>
  /** Waits until at least one active request completed; returns all completed ones. */
  waitsome(reqs: readonly Request[]): Promise<SomeCompletion>
  /** Polls once (charging one poll of the completion queue): the status if done, else null. */
  test(req: Request): Promise<Status | null>
  /** Polls once: every status if all are done (as waitall), else null. */
  testall(reqs: readonly Request[]): Promise<Status[] | null>
  /** Polls once: a completed request, null if none, or index UNDEFINED if none is active. */
  testany(reqs: readonly Request[]): Promise<AnyCompletion | null>
  /** Polls once: every completed request (count 0 when none, UNDEFINED when none is active). */
  testsome(reqs: readonly Request[]): Promise<SomeCompletion>
  /**
   * MPI_Cancel of a receive: if it has not matched yet it completes with status.cancelled true,
   * else it completes normally. Complete it with wait/test as usual. Sends cannot be cancelled.
   */
  cancel(req: Request): void
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
  /** Returns when every rank has entered it (MPI_Barrier). */
  barrier(): Promise<void>
  /** Copies root's buffer to every rank (MPI_Bcast). */
  bcast(buf: Buffer, count: number, type: Datatype, root: number, options?: BcastOptions): Promise<void>
  /** Combines every rank's elements with `op` into root's `recvbuf` (MPI_Reduce). IN_PLACE as sendbuf at the root: the root's input is in recvbuf. */
  reduce(sendbuf: BufferOrInPlace, recvbuf: Buffer, count: number, type: Datatype, op: ReduceOp, root: number): Promise<void>
  /** Like reduce, with the result on every rank (MPI_Allreduce). IN_PLACE as sendbuf (every rank): the input is in recvbuf. */
  allreduce(sendbuf: BufferOrInPlace, recvbuf: Buffer, count: number, type: Datatype, op: ReduceOp): Promise<void>
  /** Collects each rank's block at root, in rank order (MPI_Gather). IN_PLACE as sendbuf at the root: the root's block is already at its place in recvbuf. */
  gather(
    sendbuf: BufferOrInPlace, sendcount: number, sendtype: Datatype,
    recvbuf: Buffer, recvcount: number, recvtype: Datatype, root: number,
  ): Promise<void>
  /** MPI_Gatherv: rank i's block (recvcounts[i]) lands at displs[i] extents of recvtype. IN_PLACE as at gather. */
  gatherv(
    sendbuf: BufferOrInPlace, sendcount: number, sendtype: Datatype,
    recvbuf: Buffer, recvcounts: readonly number[], displs: readonly number[], recvtype: Datatype, root: number,
  ): Promise<void>
  /** Sends block i of root's buffer to rank i (MPI_Scatter). IN_PLACE as recvbuf at the root: the root's own block stays where it is in sendbuf. */
  scatter(
    sendbuf: Buffer, sendcount: number, sendtype: Datatype,
    recvbuf: BufferOrInPlace, recvcount: number, recvtype: Datatype, root: number,
  ): Promise<void>
  /** MPI_Scatterv: rank i gets sendcounts[i] elements from displs[i] extents of sendtype. IN_PLACE as at scatter. */
  scatterv(
    sendbuf: Buffer, sendcounts: readonly number[], displs: readonly number[], sendtype: Datatype,
    recvbuf: BufferOrInPlace, recvcount: number, recvtype: Datatype, root: number,
  ): Promise<void>
  /** Collects each rank's block on every rank (MPI_Allgather). IN_PLACE as sendbuf (every rank): each rank's block is already at its place in recvbuf. */
  allgather(
    sendbuf: BufferOrInPlace, sendcount: number, sendtype: Datatype,
    recvbuf: Buffer, recvcount: number, recvtype: Datatype,
  ): Promise<void>
  /** MPI_Allgatherv: rank i's block (recvcounts[i]) lands at displs[i] extents of recvtype everywhere. */
  allgatherv(
    sendbuf: BufferOrInPlace, sendcount: number, sendtype: Datatype,
    recvbuf: Buffer, recvcounts: readonly number[], displs: readonly number[], recvtype: Datatype,
  ): Promise<void>
  /** Rank i sends its block j to rank j, which stores it as block i (MPI_Alltoall). IN_PLACE as sendbuf (every rank): data is sent from and replaced in recvbuf. */
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
  /** MPI_Ibarrier: nonblocking `barrier`, run by the progress engine; complete the request with wait or test. */
  ibarrier(): Request
  /** Any bcast algorithm; the offloaded ones forward on the NICs while the ranks compute. */
  ibcast(buf: Buffer, count: number, type: Datatype, root: number, options?: BcastOptions): Request
  /** MPI_Ireduce: nonblocking `reduce`, run by the progress engine; complete the request with wait or test. */
  ireduce(sendbuf: BufferOrInPlace, recvbuf: Buffer, count: number, type: Datatype, op: ReduceOp, root: number): Request
  /** MPI_Iallreduce: nonblocking `allreduce`, run by the progress engine; complete the request with wait or test. */
  iallreduce(sendbuf: BufferOrInPlace, recvbuf: Buffer, count: number, type: Datatype, op: ReduceOp): Request
  /** MPI_Igather: nonblocking `gather`, run by the progress engine; complete the request with wait or test. */
  igather(
    sendbuf: BufferOrInPlace, sendcount: number, sendtype: Datatype,
    recvbuf: Buffer, recvcount: number, recvtype: Datatype, root: number,
  ): Request
  /** MPI_Igatherv: nonblocking `gatherv`, run by the progress engine; complete the request with wait or test. */
  igatherv(
    sendbuf: BufferOrInPlace, sendcount: number, sendtype: Datatype,
    recvbuf: Buffer, recvcounts: readonly number[], displs: readonly number[], recvtype: Datatype, root: number,
  ): Request
  /** MPI_Iscatter: nonblocking `scatter`, run by the progress engine; complete the request with wait or test. */
  iscatter(
    sendbuf: Buffer, sendcount: number, sendtype: Datatype,
    recvbuf: BufferOrInPlace, recvcount: number, recvtype: Datatype, root: number,
  ): Request
  /** MPI_Iscatterv: nonblocking `scatterv`, run by the progress engine; complete the request with wait or test. */
  iscatterv(
    sendbuf: Buffer, sendcounts: readonly number[], displs: readonly number[], sendtype: Datatype,
    recvbuf: BufferOrInPlace, recvcount: number, recvtype: Datatype, root: number,
  ): Request
  /** MPI_Iallgather: nonblocking `allgather`, run by the progress engine; complete the request with wait or test. */
  iallgather(
    sendbuf: BufferOrInPlace, sendcount: number, sendtype: Datatype,
    recvbuf: Buffer, recvcount: number, recvtype: Datatype,
  ): Request
  /** MPI_Iallgatherv: nonblocking `allgatherv`, run by the progress engine; complete the request with wait or test. */
  iallgatherv(
    sendbuf: BufferOrInPlace, sendcount: number, sendtype: Datatype,
    recvbuf: Buffer, recvcounts: readonly number[], displs: readonly number[], recvtype: Datatype,
  ): Request
  /** MPI_Ialltoall: nonblocking `alltoall`, run by the progress engine; complete the request with wait or test. */
  ialltoall(
    sendbuf: BufferOrInPlace, sendcount: number, sendtype: Datatype,
    recvbuf: Buffer, recvcount: number, recvtype: Datatype,
  ): Request
  /** MPI_Ialltoallv: nonblocking `alltoallv`, run by the progress engine; complete the request with wait or test. */
  ialltoallv(
    sendbuf: BufferOrInPlace, sendcounts: readonly number[], sdispls: readonly number[], sendtype: Datatype,
    recvbuf: Buffer, recvcounts: readonly number[], rdispls: readonly number[], recvtype: Datatype,
  ): Request
  /** MPI_Ialltoallw: nonblocking `alltoallw`, run by the progress engine; complete the request with wait or test. */
  ialltoallw(
    sendbuf: BufferOrInPlace, sendcounts: readonly number[], sdispls: readonly number[], sendtypes: readonly Datatype[],
    recvbuf: Buffer, recvcounts: readonly number[], rdispls: readonly number[], recvtypes: readonly Datatype[],
  ): Request
  /** MPI_Iscan: nonblocking `scan`, run by the progress engine; complete the request with wait or test. */
  iscan(sendbuf: BufferOrInPlace, recvbuf: Buffer, count: number, type: Datatype, op: ReduceOp): Request
  /** MPI_Iexscan: nonblocking `exscan`, run by the progress engine; complete the request with wait or test. */
  iexscan(sendbuf: BufferOrInPlace, recvbuf: Buffer, count: number, type: Datatype, op: ReduceOp): Request
  /** MPI_Ireduce_scatter: nonblocking `reduceScatter`, run by the progress engine; complete the request with wait or test. */
  ireduceScatter(sendbuf: BufferOrInPlace, recvbuf: Buffer, recvcounts: readonly number[], type: Datatype, op: ReduceOp): Request
  /** MPI_Ireduce_scatter_block: nonblocking `reduceScatterBlock`, run by the progress engine; complete the request with wait or test. */
  ireduceScatterBlock(sendbuf: BufferOrInPlace, recvbuf: Buffer, recvcount: number, type: Datatype, op: ReduceOp): Request
}

/** A Cartesian topology (MPI_Cart_create): row-major ranks, one period flag per dimension. */
export interface CartTopology {
  readonly dims: readonly number[]
  readonly periods: readonly boolean[]
}

/** Creating communicators (collective over this one) and Cartesian topologies. */
export interface Communicators {
  /** 'COMM_WORLD', or how the communicator was made, e.g. 'split(COMM_WORLD, color=1)'. */
  readonly name: string
  /** The processes of this communicator (MPI_Comm_group). */
  readonly group: Group
  /** MPI_Comm_dup: same group, new matching context (and the same topology). */
  dup(): Promise<Comm>
  /** MPI_Comm_split: one communicator per color, ranked by key then old rank; UNDEFINED gives COMM_NULL. */
  split(color: number, key: number): Promise<Comm | null>
  /** MPI_Comm_create: every process calls it with the same group (or list of ranks of this communicator). */
  create(group: Group | readonly number[]): Promise<Comm | null>
  /** MPI_Comm_free: the communicator is unusable afterwards and its context id is free again. */
  free(): void
  /** MPI_Cart_create: ranks beyond the product of dims get COMM_NULL; reorder keeps the ranks. */
  createCart(dims: readonly number[], periods: readonly boolean[], reorder?: boolean): Promise<Comm | null>
  /** This communicator's Cartesian topology, or null (MPI_Cart_get / MPI_Topo_test). */
  readonly topology: CartTopology | null
  /** MPI_Cart_coords. */
  cartCoords(rank: number): number[]
  /** MPI_Cart_rank (periodic dimensions wrap). */
  cartRank(coords: readonly number[]): number
  /** MPI_Cart_shift: the ranks to receive from and send to; PROC_NULL past a non-periodic edge. */
  cartShift(direction: number, disp: number): { readonly source: number; readonly dest: number }
  /** MPI_Cart_sub: keeps the dimensions marked true; one sub-grid communicator per rest. */
  cartSub(remainDims: readonly boolean[]): Promise<Comm>
}

/** A rank's communicator (COMM_WORLD of the run, or one made from it). */
export interface Comm extends PointToPoint, Collectives, Communicators {
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
