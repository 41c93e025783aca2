// The elementary (predefined) datatypes as Datatype values.

import type { Datatype, ElementaryName, Lowered } from './datatype.js'
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

export const BYTE = make('byte')
export const CHAR = make('char')
export const INT8 = make('int8')
export const UINT8 = make('uint8')
export const INT16 = make('int16')
export const UINT16 = make('uint16')
export const INT32 = make('int32')
export const UINT32 = make('uint32')
export const INT64 = make('int64')
export const UINT64 = make('uint64')
export const FLOAT32 = make('float32')
export const FLOAT64 = make('float64')
export const COMPLEX64 = make('complex64')
export const COMPLEX128 = make('complex128')
export const FLOAT_INT = make('float_int')
export const DOUBLE_INT = make('double_int')
export const SHORT_INT = make('short_int')
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
