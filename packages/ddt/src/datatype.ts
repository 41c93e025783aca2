// The contract between the type front end (constructors, bounds, JSON) and the engine
// (dataloops, segments, pack/unpack). Types first; behaviour lives in the files named below.

import type { ElementaryName, TypeSpec } from './spec-types.js'

/**
 * The canonical lowered form every constructor reduces to. The engine compiles only these.
 * All displacements and strides are in bytes. `vector`/`indexed` (strides in extents) lower to
 * `hvector`/`hindexed`; subarray and darray lower through the MPI standard's own definitions
 * (vectors, structs and resized); dup lowers to its oldtype.
 */
export type Lowered =
  /** A contiguous run of `size` bytes of one elementary type (complex counts as one element). */
  | { readonly kind: 'elem'; readonly name: ElementaryName }
  | { readonly kind: 'contig'; readonly count: number; readonly child: Datatype }
  | { readonly kind: 'hvector'; readonly count: number; readonly blocklength: number; readonly stride: number; readonly child: Datatype }
  | { readonly kind: 'hindexedBlock'; readonly blocklength: number; readonly displs: readonly number[]; readonly child: Datatype }
  | { readonly kind: 'hindexed'; readonly blocklengths: readonly number[]; readonly displs: readonly number[]; readonly child: Datatype }
  | { readonly kind: 'struct'; readonly blocklengths: readonly number[]; readonly displs: readonly number[]; readonly children: readonly Datatype[] }
  | { readonly kind: 'resized'; readonly lb: number; readonly extent: number; readonly child: Datatype }

/** Bounds and sizes of a type, all in bytes, as MPI defines them. */
export interface Bounds {
  /** Bytes of data in one instance (sum of elementary sizes). */
  readonly size: number
  readonly lb: number
  readonly ub: number
  /** ub - lb; without a resized ub, ub is rounded up to `alignment` (every constructor, docs/datatypes.md). */
  readonly extent: number
  /** Lowest and highest byte actually occupied by data (ignoring markers); 0/0 when size is 0. */
  readonly trueLb: number
  readonly trueUb: number
  /** Largest alignment of the elementary members: the standard's ε rounds the extent to it. */
  readonly alignment: number
  /** True when lb/ub come from a resized marker (sticky through structs). */
  readonly explicitLb: boolean
  readonly explicitUb: boolean
  /** Number of elementary elements in one instance (pair types count as one, as Open MPI's MPI_Get_elements does). */
  readonly elements: number
}

/** One run of the type signature: `count` consecutive elements of `name`. */
export interface SignatureRun {
  readonly name: ElementaryName
  readonly count: number
}

/**
 * A datatype: what the user built (`spec`, for JSON), how it lowers, and its bounds.
 * Created only by the constructors in constructors/ (and elementary.ts); immutable except for commit state.
 */
export interface Datatype extends Bounds {
  readonly spec: TypeSpec
  readonly lowered: Lowered
  readonly trueExtent: number
  /** Run-length encoded signature of one instance, adjacent equal names merged. */
  readonly signature: readonly SignatureRun[]
  readonly committed: boolean
  /** Constructor levels above the elementary types (0 for elementary types; dup counts as one), at most MAX_TYPE_DEPTH. */
  readonly depth: number
  /** Compiles the type (dataloops, generated kernels) once; returns the same type. */
  commit(): Datatype
}
