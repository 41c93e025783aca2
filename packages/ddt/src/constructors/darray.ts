// MPI_Type_create_darray, lowered as the MPI standard defines it (MPI-4 §5.1.4): one cyclic()
// level per dimension, fastest first, each level resized to lb 0 and extent gsize * (extent of
// the level below). Block and none reduce to cyclic with darg ceil(gsize/psize) and gsize.

import type { Datatype } from '../datatype.js'
import type { Distribution, Order } from '../spec-types.js'
import { ERR_ARG, ERR_RANK } from '../errors.js'
import { derivedType } from '../type.js'
import {
  checkEach, checkInt, checkOneOf, checkPositive, checkSafe, checkSameLength, checkType, fail,
} from '../validate.js'
import { contiguous } from './contiguous.js'
import { hindexedBlock } from './indexed.js'
import { resized } from './resized.js'
import { struct } from './struct.js'
import { fastestFirst } from './subarray.js'
import { hvector } from './vector.js'

/** One dimension's share: blocks of `darg` at coordinate `coord` of `psize` processes. */
interface Level {
  readonly darg: number
  readonly gsize: number
  readonly coord: number
  readonly psize: number
}

/** The standard's cyclic(darg, gsize, r, psize, oldtype). */
function cyclicLevel({ darg, gsize, coord, psize }: Level, oldtype: Datatype, where: string): Datatype {
  const ex = oldtype.extent
  const nblocks = Math.ceil(gsize / darg)
  let count = Math.floor(nblocks / psize)
  if (coord < nblocks - count * psize) count++
  const inLastCycle = gsize % (psize * darg)
  let dargLast = inLastCycle === 0 ? darg : inLastCycle - darg * coord
  if (dargLast > darg || dargLast <= 0) dargLast = darg

  const levelExtent = checkSafe(where, 'array extent', gsize * ex)
  if (count === 0) return resized(contiguous(0, oldtype), 0, levelExtent)
  const cycle = checkSafe(where, 'cycle stride', darg * psize * ex)
  const full = dargLast === darg ? count : count - 1
  const blocks = full > 0 ? hvector(full, darg, cycle, oldtype) : undefined
  const tail = dargLast === darg ? undefined : contiguous(dargLast, oldtype)
  const local = blocks === undefined ? tail : tail === undefined ? blocks : struct([1, 1], [0, full * cycle], [blocks, tail])
  if (local === undefined) return fail(ERR_ARG, where, 'internal: empty cyclic level')
  const start = coord * darg * ex
  return resized(start === 0 ? local : hindexedBlock(1, [start], local), 0, levelExtent)
}

/** Row-major coordinates of `rank` in the process grid (MPI fixes row-major for darray). */
function gridCoords(rank: number, psizes: readonly number[]): number[] {
  const coords = new Array<number>(psizes.length)
  let rest = rank
  for (let i = psizes.length - 1; i >= 0; i--) {
    const p = psizes[i]! // i in range
    coords[i] = rest % p
    rest = Math.floor(rest / p)
  }
  return coords
}

function dargOf(where: string, i: number, distrib: Distribution, darg: number | null, gsize: number, psize: number): number {
  switch (distrib) {
    case 'none':
      if (psize !== 1) fail(ERR_ARG, where, `psizes[${i}] must be 1 for distribution 'none', got ${psize}`)
      return gsize
    case 'cyclic':
      if (darg === null) return 1
      if (darg < 1) fail(ERR_ARG, where, `dargs[${i}] must be >= 1 for a cyclic distribution, got ${darg}`)
      return darg
    case 'block': {
      if (darg === null) return Math.ceil(gsize / psize)
      if (darg < 1) fail(ERR_ARG, where, `dargs[${i}] must be >= 1 for a block distribution, got ${darg}`)
      if (darg * psize < gsize) {
        fail(ERR_ARG, where, `dargs[${i}] * psizes[${i}] must be >= gsizes[${i}] for a block distribution, got ${darg} * ${psize} < ${gsize}`)
      }
      return darg
    }
  }
}

const checkDarg = (where: string, field: string, value: unknown): number | null =>
  value === null ? null : checkInt(where, field, value)

/** MPI_Type_create_darray: the part of a `gsizes` global array that process `rank` of a `psizes` grid owns under block / cyclic / no distribution per dimension; extent is the whole array. */
export function darray(
  size: number, rank: number, gsizes: readonly number[], distribs: readonly Distribution[],
  dargs: readonly (number | null)[], psizes: readonly number[], order: Order, oldtype: Datatype,
): Datatype {
  const where = 'darray'
  checkPositive(where, 'size', size)
  checkInt(where, 'rank', rank)
  if (rank < 0 || rank >= size) fail(ERR_RANK, where, `rank must be in [0, ${size}), got ${rank}`)
  const gs = checkEach(where, 'gsizes', gsizes, checkPositive)
  const ds = checkEach(where, 'distribs', distribs, (w, f, v) => checkOneOf<Distribution>(w, f, v, ['block', 'cyclic', 'none']))
  const as = checkEach(where, 'dargs', dargs, checkDarg)
  const ps = checkEach(where, 'psizes', psizes, checkPositive)
  checkOneOf(where, 'order', order, ['C', 'F'])
  checkType(where, 'oldtype', oldtype)
  if (gs.length === 0) fail(ERR_ARG, where, 'gsizes must have at least one dimension')
  checkSameLength(where, 'gsizes', gs.length, 'distribs', ds.length)
  checkSameLength(where, 'gsizes', gs.length, 'dargs', as.length)
  checkSameLength(where, 'gsizes', gs.length, 'psizes', ps.length)
  const processes = ps.reduce((a, b) => a * b, 1)
  if (processes !== size) fail(ERR_ARG, where, `the product of psizes (${processes}) must equal size (${size})`)

  const coords = gridCoords(rank, ps)
  // one level per dimension: the four lists have one length (checked above), coords one per psize
  const levels = gs.map((gsize, i): Level => {
    const psize = ps[i]!, darg = as[i] ?? null
    return { darg: dargOf(where, i, ds[i]!, darg, gsize, psize), gsize, coord: coords[i]!, psize }
  })
  let t = oldtype
  for (const level of fastestFirst(levels, order)) t = cyclicLevel(level, t, where)
  return derivedType(
    { kind: 'darray', size, rank, gsizes: gs, distribs: ds, dargs: as, psizes: ps, order, oldtype: oldtype.spec },
    t.lowered.kind === 'resized' ? t.lowered : { kind: 'resized', lb: 0, extent: t.extent, child: t },
  )
}
