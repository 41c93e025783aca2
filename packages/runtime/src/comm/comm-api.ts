// The MPI-style communicator as users see it: point-to-point, requests, statuses, wildcards,
// simulated time (comm-types.ts), and the collective operations, whose method types derive from
// the collectives' registry (collectives/registry.ts): each collective's file holds its
// implementation, its documented method and its tag. Types only.

import type { CollectiveMethods } from '../collectives/registry.js'
import type { CartTopology, CommBasics, PointToPoint } from './comm-types.js'
import type { Group } from './group.js'

export * from './comm-types.js'

/**
 * Collective operations; all ranks of the communicator call them, blocking and nonblocking alike,
 * in the same order. `IN_PLACE` is accepted where MPI accepts MPI_IN_PLACE (noted per call).
 * Arguments MPI calls significant only at the root are ignored elsewhere. Nonblocking forms
 * (MPI_I...) take the same arguments and run the same algorithms on the rank's progress engine
 * while the rank computes; complete them with wait/waitall/test..., and do not touch their
 * buffers until then.
 */
export interface Collectives extends CollectiveMethods {}

/** Creating communicators (collective over this one) and Cartesian topologies. */
export interface Communicators {
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
export interface Comm extends CommBasics, PointToPoint, Collectives, Communicators {}
