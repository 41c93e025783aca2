// Dataloops: the normalized tree a committed type compiles to (after MPITypes, SC19 §2.2).
// Leaves are contiguous byte runs; loops place copies of one child (or runs) at byte offsets.
// Only the root may carry a non-zero `offset`; children are hoisted to offset 0 by the builders.

/** A contiguous run of `len` bytes at `offset`. */
export interface RunLoop {
  readonly kind: 'run'
  readonly offset: number
  readonly len: number
}

/**
 * `count` copies of `child`, copy i at offset + i*stride. `contig` is the same loop whose stride
 * is the child's extent; the label survives only for readability.
 */
export interface VectorLoop {
  readonly kind: 'vector' | 'contig'
  readonly offset: number
  readonly count: number
  readonly stride: number
  readonly child: Loop
}

/** Copies of `child` at offset + displs[i]. */
export interface BlockIndexedLoop {
  readonly kind: 'blockindexed'
  readonly offset: number
  readonly displs: Float64Array
  readonly child: Loop
}

/** Byte runs of lens[i] bytes at offset + displs[i]. */
export interface IndexedLoop {
  readonly kind: 'indexed'
  readonly offset: number
  readonly displs: Float64Array
  readonly lens: Float64Array
}

/** children[i] at offset + displs[i]. */
export interface StructLoop {
  readonly kind: 'struct'
  readonly offset: number
  readonly displs: Float64Array
  readonly children: readonly Loop[]
}

export type Loop = RunLoop | VectorLoop | BlockIndexedLoop | IndexedLoop | StructLoop

export type LoopKind = Loop['kind']

/** The empty loop: a type without data bytes. */
export const EMPTY: RunLoop = { kind: 'run', offset: 0, len: 0 }
