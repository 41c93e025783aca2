// The JSON grammar of datatypes as TypeScript types, first and on their own (no behaviour, no
// imports): the elementary names and one interface per constructor. The zod schema that checks
// them is in spec.ts; the Datatype interface in datatype.ts.

/** Names of the elementary (predefined) types. Pair types have gaps and lower to structs. */
export type ElementaryName =
  | 'byte' | 'char'
  | 'int8' | 'uint8' | 'int16' | 'uint16' | 'int32' | 'uint32' | 'int64' | 'uint64'
  | 'float32' | 'float64' | 'complex64' | 'complex128'
  | 'float_int' | 'double_int' | 'short_int' | '2int'

/** Array storage order: 'C' (row-major, last index fastest) or 'F' (Fortran, first index fastest). */
export type Order = 'C' | 'F'
/** How darray distributes one dimension over the process grid. */
export type Distribution = 'block' | 'cyclic' | 'none'

/** JSON form of {@link contiguous}. */
export interface ContiguousSpec { readonly kind: 'contiguous'; readonly count: number; readonly oldtype: TypeSpec }
/** `stride` in extents of oldtype. */
export interface VectorSpec {
  readonly kind: 'vector'; readonly count: number; readonly blocklength: number; readonly stride: number; readonly oldtype: TypeSpec
}
/** `stride` in bytes. */
export interface HvectorSpec {
  readonly kind: 'hvector'; readonly count: number; readonly blocklength: number; readonly stride: number; readonly oldtype: TypeSpec
}
/** `displacements` in extents of oldtype. */
export interface IndexedSpec {
  readonly kind: 'indexed'; readonly blocklengths: readonly number[]; readonly displacements: readonly number[]; readonly oldtype: TypeSpec
}
/** `displacements` in bytes. */
export interface HindexedSpec {
  readonly kind: 'hindexed'; readonly blocklengths: readonly number[]; readonly displacements: readonly number[]; readonly oldtype: TypeSpec
}
/** JSON form of {@link indexedBlock} (displacements in oldtype extents). */
export interface IndexedBlockSpec {
  readonly kind: 'indexedBlock'; readonly blocklength: number; readonly displacements: readonly number[]; readonly oldtype: TypeSpec
}
/** JSON form of {@link hindexedBlock} (displacements in bytes). */
export interface HindexedBlockSpec {
  readonly kind: 'hindexedBlock'; readonly blocklength: number; readonly displacements: readonly number[]; readonly oldtype: TypeSpec
}
/** `displacements` in bytes. */
export interface StructSpec {
  readonly kind: 'struct'; readonly blocklengths: readonly number[]; readonly displacements: readonly number[]; readonly types: readonly TypeSpec[]
}
/** JSON form of {@link subarray}. */
export interface SubarraySpec {
  readonly kind: 'subarray'; readonly sizes: readonly number[]; readonly subsizes: readonly number[]; readonly starts: readonly number[]
  readonly order: Order; readonly oldtype: TypeSpec
}
/** `dargs[i] = null` asks for MPI's default distribution argument. */
export interface DarraySpec {
  readonly kind: 'darray'; readonly size: number; readonly rank: number; readonly gsizes: readonly number[]
  readonly distribs: readonly Distribution[]; readonly dargs: readonly (number | null)[]; readonly psizes: readonly number[]
  readonly order: Order; readonly oldtype: TypeSpec
}
/** JSON form of {@link resized}. */
export interface ResizedSpec { readonly kind: 'resized'; readonly lb: number; readonly extent: number; readonly oldtype: TypeSpec }
/** JSON form of {@link dup}. */
export interface DupSpec { readonly kind: 'dup'; readonly oldtype: TypeSpec }

/** A derived type in JSON: an object whose `kind` names the constructor. */
export type DerivedSpec =
  | ContiguousSpec | VectorSpec | HvectorSpec | IndexedSpec | HindexedSpec | IndexedBlockSpec
  | HindexedBlockSpec | StructSpec | SubarraySpec | DarraySpec | ResizedSpec | DupSpec

/** A datatype in JSON: an elementary name or a derived type object. */
export type TypeSpec = ElementaryName | DerivedSpec

/** The `kind` values of derived types in JSON. */
export type TypeKind = DerivedSpec['kind']
