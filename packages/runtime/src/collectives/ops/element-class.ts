// Which predefined ops apply to which elementary types (MPI-4 §6.9.2 table of op/type groups):
// integers take arithmetic, logical and bitwise ops; bytes only bitwise; floating point
// arithmetic and MIN/MAX; complex only SUM/PROD; the pair types only MINLOC/MAXLOC.

import { ERR_TYPE, MpiError, type ElementaryName } from '@spinmpi/ddt'
import { OP_BAND, OP_BOR, OP_BXOR, OP_LAND, OP_LOR, OP_LXOR, OP_MAX, OP_MAXLOC, OP_MIN, OP_MINLOC, OP_PROD, OP_SUM, type BuiltinOp } from './op.js'

export type ElementClass = 'integer' | 'int64' | 'byte' | 'float' | 'complex' | 'pair'

export function elementClass(name: ElementaryName): ElementClass {
  switch (name) {
    case 'char': case 'int8': case 'uint8': case 'int16': case 'uint16': case 'int32': case 'uint32': return 'integer'
    case 'int64': case 'uint64': return 'int64'
    case 'byte': return 'byte'
    case 'float32': case 'float64': return 'float'
    case 'complex64': case 'complex128': return 'complex'
    case 'float_int': case 'double_int': case 'short_int': case '2int': return 'pair'
  }
}

const ARITH = [OP_SUM, OP_PROD]
const ORDER = [OP_MIN, OP_MAX]
const LOGICAL = [OP_LAND, OP_LOR, OP_LXOR]
const BITWISE = [OP_BAND, OP_BOR, OP_BXOR]

const ALLOWED: Readonly<Record<ElementClass, readonly number[]>> = {
  integer: [...ARITH, ...ORDER, ...LOGICAL, ...BITWISE],
  int64: [...ARITH, ...ORDER, ...LOGICAL, ...BITWISE],
  byte: BITWISE,
  float: [...ARITH, ...ORDER],
  complex: ARITH,
  pair: [OP_MINLOC, OP_MAXLOC],
}

export function opAppliesTo(op: BuiltinOp, name: ElementaryName): boolean {
  return ALLOWED[elementClass(name)].includes(op.code)
}

/** Throws ERR_TYPE naming the op, the element type and where, when `op` is undefined on it. */
export function checkOpOnElement(op: BuiltinOp, name: ElementaryName, where: string): void {
  if (!opAppliesTo(op, name)) {
    throw new MpiError(ERR_TYPE, `${where}: op ${op.name} is not defined on elements of type ${name}`)
  }
}

/** Modelled floating-point (or integer) operations one element costs under `op`. */
export function flopsPerElement(op: BuiltinOp, name: ElementaryName): number {
  if (elementClass(name) === 'complex') return op.code === OP_PROD ? 6 : 2
  return 1
}
