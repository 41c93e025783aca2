// The shape of one application input: which type, at which addresses, over which allocations,
// and what the DDTBench type spec (docs/ddtbench.md) says it must measure. Types only.

import type { Datatype } from '@spinmpi/ddt'

export type AppName =
  | 'WRF' | 'MILC' | 'NAS_LU' | 'NAS_MG' | 'FFT2D' | 'SPECFEM3D' | 'LAMMPS' | 'COMB' | 'SW4LITE'

/**
 * Which end of the exchange the type describes. Fig. 16 studies the receive side (`recv`).
 * `recv-contig` is LAMMPS's real receive type R, reported as an extra row (spec §11 (a)).
 */
export type Side = 'recv' | 'send' | 'recv-contig'

/** Handler classes as the spec names them (§1). */
export type HandlerClass = 'contig' | 'vector' | '2-level vector' | 'index-block' | 'indexed' | 'general'

/** One separate allocation (a `malloc`) of the application. */
export interface Region {
  readonly name: string
  readonly bytes: number
}

/** A type placed over a set of region bases: what a data-mode run passes to send/recv. */
export interface Placement {
  /** Committed; its offsets are relative to `origin`. */
  readonly type: Datatype
  readonly count: number
  /** The buffer address handed to MPI: 0 for MPI_BOTTOM types, else a point inside region 0. */
  readonly origin: number
}

/** Places the kernel's type given the base address of each region (same order as `regions`). */
export type PlaceFn = (bases: readonly number[]) => Placement

/** The spec's table values for one input (never used to compute anything, only to compare). */
export interface Expected {
  readonly bytes: number
  /** Contiguous blocks; for seeded index lists the spec gives a mean over 5 seeds. */
  readonly blocks: number
  readonly gamma: number
  /** Decimal places the spec's γ is given to. */
  readonly gammaDigits: number
  readonly blocksPerPkt?: number
  readonly handler: HandlerClass
}

export interface Workload {
  readonly app: AppName
  /** The input's label, unique within the app, e.g. `wrf_x 2x2`, `lu_y n=64`. */
  readonly input: string
  readonly side: Side
  readonly regions: readonly Region[]
  /** Virtual base address of each region (see address-space.ts). */
  readonly bases: readonly number[]
  /** The placement at `bases`: the type, count and origin measured for the figures. */
  readonly type: Datatype
  readonly count: number
  readonly origin: number
  /** The same kernel placed at other bases (e.g. a compact host allocation). */
  readonly place: PlaceFn
  /** Seed of the index-list generator, for kernels that draw random lists. */
  readonly seed?: number
  /** The random lists the type was built from, and how many arrays each one addresses. */
  readonly indexLists?: readonly IndexList[]
  readonly expected: Expected
}

/** A drawn index list (element indices, in typemap order) shared by `arrays` allocations. */
export interface IndexList {
  readonly indices: Int32Array
  readonly arrays: number
}

/** What measure() computes from the flattened typemap. */
export interface Measurement {
  /** Packed size of the message (MPI type size × count). */
  readonly bytes: number
  readonly blocks: number
  /** 2048-byte packets of packed data, the last possibly partial. */
  readonly packets: number
  /** Blocks overlapping each packet (a straddling block counts in both), averaged over packets. */
  readonly gamma: number
  readonly blocksPerPkt: number
  readonly minBlock: number
  readonly maxBlock: number
}
