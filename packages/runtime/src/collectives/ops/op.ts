// Reduction operations: MPI's predefined ops and user functions. An op combines two packed
// streams of the same type element by element: inout[i] = input[i] ∘ inout[i], where `input`
// holds the lower ranks' contribution (MPI's order for non-commutative ops).

import type { Datatype } from '@spinmpi/ddt'

/** The names of the predefined reduction operations (MPI_SUM ... MPI_MAXLOC). */
export type BuiltinOpName = 'SUM' | 'PROD' | 'MIN' | 'MAX' | 'LAND' | 'LOR' | 'LXOR' | 'BAND' | 'BOR' | 'BXOR' | 'MINLOC' | 'MAXLOC'

/**
 * A user reduction function. `input` and `inout` hold `count` instances of `type` in packed form
 * (the type's elements back to back in typemap order); it must set inout = input ∘ inout.
 */
export type UserFunction = (input: Uint8Array, inout: Uint8Array, count: number, type: Datatype) => void

/** A predefined reduction operation, by name and code. */
export interface BuiltinOp {
  readonly kind: 'builtin'
  readonly name: BuiltinOpName
  readonly commute: true
  /** Small integer the element kernels switch on. */
  readonly code: number
}

export interface UserOp {
  readonly kind: 'user'
  readonly name: string
  readonly commute: boolean
  readonly fn: UserFunction
  /** Modelled host work per elementary element, in floating-point operations (timing cost). */
  readonly flopsPerElement: number
}

export type Op = BuiltinOp | UserOp

export const OP_SUM = 0
export const OP_PROD = 1
export const OP_MIN = 2
export const OP_MAX = 3
export const OP_LAND = 4
export const OP_LOR = 5
export const OP_LXOR = 6
export const OP_BAND = 7
export const OP_BOR = 8
export const OP_BXOR = 9
export const OP_MINLOC = 10
export const OP_MAXLOC = 11

const builtin = (name: BuiltinOpName, code: number): BuiltinOp => Object.freeze({ kind: 'builtin', name, commute: true, code })

export const SUM = builtin('SUM', OP_SUM)
export const PROD = builtin('PROD', OP_PROD)
export const MIN = builtin('MIN', OP_MIN)
export const MAX = builtin('MAX', OP_MAX)
export const LAND = builtin('LAND', OP_LAND)
export const LOR = builtin('LOR', OP_LOR)
export const LXOR = builtin('LXOR', OP_LXOR)
export const BAND = builtin('BAND', OP_BAND)
export const BOR = builtin('BOR', OP_BOR)
export const BXOR = builtin('BXOR', OP_BXOR)
export const MINLOC = builtin('MINLOC', OP_MINLOC)
export const MAXLOC = builtin('MAXLOC', OP_MAXLOC)

/** Every predefined reduction operation, in MPI order. */
export const BUILTIN_OPS: readonly BuiltinOp[] = [SUM, PROD, MIN, MAX, LAND, LOR, LXOR, BAND, BOR, BXOR, MINLOC, MAXLOC]

export interface UserOpOptions {
  /** MPI's `commute` flag (default true). Non-commutative ops are applied in rank order. */
  readonly commute?: boolean
  readonly name?: string
  /** Modelled flops per elementary element (default 1). */
  readonly flopsPerElement?: number
}

/** MPI_Op_create. */
export function createOp(fn: UserFunction, options: UserOpOptions = {}): UserOp {
  return Object.freeze({
    kind: 'user',
    name: options.name ?? 'user',
    commute: options.commute ?? true,
    fn,
    flopsPerElement: options.flopsPerElement ?? 1,
  })
}
