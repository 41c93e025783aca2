// The types of the MPI-style communicator that do not depend on the collectives: buffers,
// statuses, requests, reduction ops, point-to-point, and a communicator's basic fields. The
// collectives' files use these; comm-api.ts adds the collective methods (derived from their
// registry) and the whole Comm. Types and constants only; imports nothing from collectives/.

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
  /** Modelled cost: flops per elementary element combined, at the profile's host.flopsPerNs (default 1; finite, >= 0). */
  readonly flopsPerElement?: number
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

/** A Cartesian topology (MPI_Cart_create): row-major ranks, one period flag per dimension. */
export interface CartTopology {
  readonly dims: readonly number[]
  readonly periods: readonly boolean[]
}

/** What every communicator is, beside its operations: rank, size, name, group, simulated time. */
export interface CommBasics {
  readonly rank: number
  readonly size: number
  readonly ANY_SOURCE: number
  readonly ANY_TAG: number
  /** 'COMM_WORLD', or how the communicator was made, e.g. 'split(COMM_WORLD, color=1)'. */
  readonly name: string
  /** The processes of this communicator (MPI_Comm_group). */
  readonly group: Group
  /** Simulated seconds since the start of the run (MPI_Wtime). */
  wtime(): number
  /** Simulated picoseconds since the start of the run (exact integer). */
  nowPs(): number
  /** Advances this rank's simulated time by modelled compute. */
  compute(work: ComputeWork): Promise<void>
}
