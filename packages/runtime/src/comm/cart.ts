// Cartesian topologies (MPI_Dims_create, MPI_Cart_*): ranks in row-major order of the
// coordinates (the last dimension varies fastest), periodic dimensions wrapping around.

import { ERR_ARG, ERR_RANK, MpiError } from '@spinmpi/ddt'
import { PROC_NULL, type CartTopology } from './comm-types.js'

function checkInt(v: unknown, where: string, what: string, min: number): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min) throw new MpiError(ERR_ARG, `${where}: ${what} must be an integer >= ${min}, got ${String(v)}`)
  return v
}

/**
 * MPI_Dims_create: fills the zero entries of `dims` so that the product is `nnodes`, as balanced
 * as possible and non-increasing; non-zero entries are kept (their product must divide nnodes).
 */
export function dimsCreate(nnodes: number, dims: readonly number[]): number[] {
  const where = `dimsCreate(${String(nnodes)}, [${Array.isArray(dims) ? dims.join(',') : String(dims)}])`
  checkInt(nnodes, where, 'nnodes', 1)
  if (!Array.isArray(dims) || dims.length === 0) throw new MpiError(ERR_ARG, `${where}: dims must be a non-empty array`)
  let fixed = 1
  dims.forEach((d, i) => {
    checkInt(d, where, `dims[${i}]`, 0)
    if (d > 0) fixed *= d
  })
  if (nnodes % fixed !== 0) throw new MpiError(ERR_ARG, `${where}: the fixed dimensions (product ${fixed}) do not divide ${nnodes}`)
  const free = dims.filter((d) => d === 0).length
  if (free === 0) {
    if (fixed !== nnodes) throw new MpiError(ERR_ARG, `${where}: the dimensions multiply to ${fixed}, not ${nnodes}`)
    return [...dims]
  }
  // Largest prime factors first, each to the currently smallest dimension.
  const bins = new Array<number>(free).fill(1)
  for (const p of primeFactorsDescending(nnodes / fixed)) {
    let smallest = 0
    for (let i = 1; i < free; i++) if (bins[i]! < bins[smallest]!) smallest = i
    bins[smallest]! *= p
  }
  bins.sort((a, b) => b - a)
  let k = 0
  return dims.map((d) => (d === 0 ? bins[k++]! : d))
}

function primeFactorsDescending(n: number): number[] {
  const out: number[] = []
  for (let p = 2; p * p <= n; p++) while (n % p === 0) { out.push(p); n /= p }
  if (n > 1) out.push(n)
  return out.reverse()
}

export function checkCartArgs(dims: readonly number[], periods: readonly boolean[], size: number, where: string): CartTopology {
  if (!Array.isArray(dims) || dims.length === 0) throw new MpiError(ERR_ARG, `${where}: dims must be a non-empty array`)
  dims.forEach((d, i) => checkInt(d, where, `dims[${i}]`, 1))
  if (!Array.isArray(periods) || periods.length !== dims.length || periods.some((p) => typeof p !== 'boolean')) {
    throw new MpiError(ERR_ARG, `${where}: periods must be ${dims.length} booleans (one per dimension)`)
  }
  const n = product(dims)
  if (n > size) throw new MpiError(ERR_ARG, `${where}: the grid has ${n} processes but the communicator only ${size}`)
  return { dims: [...dims], periods: [...periods] }
}

export function product(dims: readonly number[]): number {
  return dims.reduce((a, b) => a * b, 1)
}

export function cartCoords(t: CartTopology, rank: number, where: string): number[] {
  const n = product(t.dims)
  if (typeof rank !== 'number' || !Number.isInteger(rank) || rank < 0 || rank >= n) {
    throw new MpiError(ERR_RANK, `${where}: rank ${String(rank)} is not in the ${t.dims.join('x')} grid`)
  }
  const coords = new Array<number>(t.dims.length)
  for (let i = t.dims.length - 1; i >= 0; i--) {
    coords[i] = rank % t.dims[i]!
    rank = Math.floor(rank / t.dims[i]!)
  }
  return coords
}

/** Rank at `coords` (wrapped in periodic dimensions), or PROC_NULL when `edge` and outside a non-periodic one. */
export function cartRank(t: CartTopology, coords: readonly number[], where: string, edge = false): number {
  if (!Array.isArray(coords) || coords.length !== t.dims.length) {
    throw new MpiError(ERR_ARG, `${where}: coords must have ${t.dims.length} entries`)
  }
  let rank = 0
  for (let i = 0; i < t.dims.length; i++) {
    const d = t.dims[i]!
    let c = coords[i]!
    if (typeof c !== 'number' || !Number.isInteger(c)) throw new MpiError(ERR_ARG, `${where}: coords[${i}] must be an integer, got ${String(c)}`)
    if (t.periods[i]) c = ((c % d) + d) % d
    else if (c < 0 || c >= d) {
      if (edge) return PROC_NULL
      throw new MpiError(ERR_RANK, `${where}: coords[${i}] = ${c} is outside the non-periodic dimension of size ${d}`)
    }
    rank = rank * d + c
  }
  return rank
}

export function cartShift(t: CartTopology, rank: number, direction: number, disp: number, where: string): { source: number; dest: number } {
  if (typeof direction !== 'number' || !Number.isInteger(direction) || direction < 0 || direction >= t.dims.length) {
    throw new MpiError(ERR_ARG, `${where}: direction ${String(direction)} is not a dimension of the ${t.dims.length}-d grid`)
  }
  if (typeof disp !== 'number' || !Number.isInteger(disp)) throw new MpiError(ERR_ARG, `${where}: disp must be an integer, got ${String(disp)}`)
  const me = cartCoords(t, rank, where)
  const at = (delta: number) => cartRank(t, me.map((c, i) => (i === direction ? c + delta : c)), where, true)
  return { source: at(-disp), dest: at(disp) }
}

/** MPI_Cart_sub's split: color = position among the dropped dimensions, and the kept topology. */
export function cartSubSplit(t: CartTopology, rank: number, remain: readonly boolean[], where: string): { color: number; topology: CartTopology } {
  if (!Array.isArray(remain) || remain.length !== t.dims.length || remain.some((r) => typeof r !== 'boolean')) {
    throw new MpiError(ERR_ARG, `${where}: remainDims must be ${t.dims.length} booleans`)
  }
  const me = cartCoords(t, rank, where)
  let color = 0
  for (let i = 0; i < me.length; i++) if (!remain[i]) color = color * t.dims[i]! + me[i]!
  return {
    color,
    topology: { dims: t.dims.filter((_, i) => remain[i]), periods: t.periods.filter((_, i) => remain[i]) },
  }
}
