// Sizes, alignments and layouts of the elementary types. Pure data, no behaviour.

import type { ElementaryName } from './spec-types.js'

/** One component of a pair type: a plain elementary type at a byte offset. */
export interface PairComponent {
  readonly name: ElementaryName
  readonly offset: number
}

export interface ElementaryInfo {
  /** Bytes of data. */
  readonly size: number
  /** Own size for scalars; the largest component for complex and pair types. */
  readonly alignment: number
  /** Components of a pair type (MPI_FLOAT_INT etc.); absent for plain elementary types. */
  readonly components?: readonly PairComponent[]
}

const scalar = (size: number, alignment = size): ElementaryInfo => ({ size, alignment })
const pair = (a: PairComponent, b: PairComponent, size: number, alignment: number): ElementaryInfo =>
  ({ size, alignment, components: [a, b] })

export const ELEMENTARY: Readonly<Record<ElementaryName, ElementaryInfo>> = {
  byte: scalar(1),
  char: scalar(1),
  int8: scalar(1),
  uint8: scalar(1),
  int16: scalar(2),
  uint16: scalar(2),
  int32: scalar(4),
  uint32: scalar(4),
  int64: scalar(8),
  uint64: scalar(8),
  float32: scalar(4),
  float64: scalar(8),
  complex64: scalar(8, 4),
  complex128: scalar(16, 8),
  float_int: pair({ name: 'float32', offset: 0 }, { name: 'int32', offset: 4 }, 8, 4),
  double_int: pair({ name: 'float64', offset: 0 }, { name: 'int32', offset: 8 }, 12, 8),
  short_int: pair({ name: 'int16', offset: 0 }, { name: 'int32', offset: 4 }, 6, 4),
  '2int': pair({ name: 'int32', offset: 0 }, { name: 'int32', offset: 4 }, 8, 4),
}

export const ELEMENTARY_NAMES = Object.keys(ELEMENTARY) as readonly ElementaryName[]

export function isElementaryName(value: unknown): value is ElementaryName {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ELEMENTARY, value)
}
