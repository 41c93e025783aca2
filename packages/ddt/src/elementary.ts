// The elementary (predefined) datatypes as Datatype values.

import type { Datatype, Lowered } from './datatype.js'
import type { ElementaryName } from './spec-types.js'
import { boundsOfLowered } from './bounds.js'
import { ELEMENTARY, isElementaryName } from './elementary-table.js'
import { ERR_TYPE, MpiError } from './errors.js'
import { elementaryType } from './type.js'

function makeScalar(name: ElementaryName): Datatype {
  const { size, alignment } = ELEMENTARY[name]
  return elementaryType(name, { kind: 'elem', name }, {
    size, lb: 0, ub: size, extent: size, trueLb: 0, trueUb: size, trueExtent: size,
    alignment, explicitLb: false, explicitUb: false, elements: 1,
  })
}

const scalars = new Map<ElementaryName, Datatype>()
function scalar(name: ElementaryName): Datatype {
  let t = scalars.get(name)
  if (t === undefined) {
    t = makeScalar(name)
    scalars.set(name, t)
  }
  return t
}

/** Pair types lower to a struct of their components (padded like a struct) but count as one element. */
function makePair(name: ElementaryName): Datatype {
  const components = ELEMENTARY[name].components ?? []
  const lowered: Lowered = {
    kind: 'struct',
    blocklengths: components.map(() => 1),
    displs: components.map((c) => c.offset),
    children: components.map((c) => scalar(c.name)),
  }
  return elementaryType(name, lowered, { ...boundsOfLowered(lowered), elements: 1 })
}

function make(name: ElementaryName): Datatype {
  return ELEMENTARY[name].components === undefined ? scalar(name) : makePair(name)
}

/** MPI_BYTE: one uninterpreted byte. */
export const BYTE = make('byte')
/** MPI_CHAR: a 1-byte character. */
export const CHAR = make('char')
/** MPI_INT8_T: a signed 8-bit integer. */
export const INT8 = make('int8')
/** MPI_UINT8_T: an unsigned 8-bit integer. */
export const UINT8 = make('uint8')
/** MPI_INT16_T: a signed 16-bit integer. */
export const INT16 = make('int16')
/** MPI_UINT16_T: an unsigned 16-bit integer. */
export const UINT16 = make('uint16')
/** MPI_INT32_T (MPI_INT): a signed 32-bit integer. */
export const INT32 = make('int32')
/** MPI_UINT32_T: an unsigned 32-bit integer. */
export const UINT32 = make('uint32')
/** MPI_INT64_T: a signed 64-bit integer. */
export const INT64 = make('int64')
/** MPI_UINT64_T: an unsigned 64-bit integer. */
export const UINT64 = make('uint64')
/** MPI_FLOAT: an IEEE 754 single (4 bytes). */
export const FLOAT32 = make('float32')
/** MPI_DOUBLE: an IEEE 754 double (8 bytes). */
export const FLOAT64 = make('float64')
/** MPI_C_FLOAT_COMPLEX: two float32 (8 bytes). */
export const COMPLEX64 = make('complex64')
/** MPI_C_DOUBLE_COMPLEX: two float64 (16 bytes). */
export const COMPLEX128 = make('complex128')
/** MPI_FLOAT_INT: a float32 and an int32, for MINLOC/MAXLOC. */
export const FLOAT_INT = make('float_int')
/** MPI_DOUBLE_INT: a float64 and an int32 (padded to 16 bytes), for MINLOC/MAXLOC. */
export const DOUBLE_INT = make('double_int')
/** MPI_SHORT_INT: an int16 and an int32 (padded to 8 bytes), for MINLOC/MAXLOC. */
export const SHORT_INT = make('short_int')
/** MPI_2INT: two int32, for MINLOC/MAXLOC. */
export const TWO_INT = make('2int')

const BY_NAME: Readonly<Record<ElementaryName, Datatype>> = {
  byte: BYTE, char: CHAR, int8: INT8, uint8: UINT8, int16: INT16, uint16: UINT16,
  int32: INT32, uint32: UINT32, int64: INT64, uint64: UINT64, float32: FLOAT32, float64: FLOAT64,
  complex64: COMPLEX64, complex128: COMPLEX128, float_int: FLOAT_INT, double_int: DOUBLE_INT,
  short_int: SHORT_INT, '2int': TWO_INT,
}

/** The elementary type called `name`; an unknown name is an ERR_TYPE error. */
export function elementary(name: string): Datatype {
  if (!isElementaryName(name)) throw new MpiError(ERR_TYPE, `unknown elementary type '${name}'`)
  return BY_NAME[name]
}
