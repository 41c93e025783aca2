// The process grid: how the global lattice is cut over the ranks, rank <-> grid coordinates
// (x fastest), and the neighbour in each of the 8 directions (periodic).

import { DIMS, DIM_NAMES, toDims, type Dims } from './lattice.js'

export interface ProcessGrid {
  /** Ranks along x, y, z, t. */
  readonly grid: Dims
  /** Local lattice extents. */
  readonly local: Dims
}

/** An error that names the offending option. */
export class MilcOptionsError extends Error {
  override readonly name = 'MilcOptionsError'
}

function primeFactorsDescending(n: number): number[] {
  const out: number[] = []
  let m = n
  for (let p = 2; p * p <= m; p++) while (m % p === 0) { out.push(p); m /= p }
  if (m > 1) out.push(m)
  return out.reverse()
}

/**
 * Cuts `lattice` over `ranks` like MILC's default layout: each prime factor of the rank count
 * (largest first) splits the dimension with the largest local extent that it divides into even
 * parts, preferring t, then z, y, x on ties.
 */
export function chooseGrid(lattice: Dims, ranks: number): ProcessGrid {
  const grid = [1, 1, 1, 1]
  const local = [...lattice]
  for (const f of primeFactorsDescending(ranks)) {
    let best = -1
    for (let d = DIMS - 1; d >= 0; d--) {
      const part = local[d] / f
      if (!Number.isInteger(part) || part % 2 !== 0) continue
      if (best < 0 || local[d] > local[best]) best = d
    }
    if (best < 0) {
      throw new MilcOptionsError(`ranks: cannot cut lattice ${lattice.join('x')} over ${ranks} ranks into even local extents`)
    }
    grid[best] *= f
    local[best] /= f
  }
  return { grid: toDims(grid), local: toDims(local) }
}

/** Checks a user-given grid against the lattice and rank count. */
export function checkGrid(lattice: Dims, ranks: number, grid: Dims): ProcessGrid {
  const product = grid[0] * grid[1] * grid[2] * grid[3]
  if (product !== ranks) throw new MilcOptionsError(`grid: ${grid.join('x')} has ${product} ranks, expected ${ranks}`)
  const local = [0, 0, 0, 0]
  for (let d = 0; d < DIMS; d++) {
    const part = lattice[d] / grid[d]
    if (!Number.isInteger(part) || part % 2 !== 0) {
      throw new MilcOptionsError(`grid: ${DIM_NAMES[d]} extent ${lattice[d]} over ${grid[d]} ranks must give an even local extent`)
    }
    local[d] = part
  }
  return { grid, local: toDims(local) }
}

export function rankCoords(grid: Dims, rank: number): Dims {
  const x = rank % grid[0]
  const y = Math.floor(rank / grid[0]) % grid[1]
  const z = Math.floor(rank / (grid[0] * grid[1])) % grid[2]
  const t = Math.floor(rank / (grid[0] * grid[1] * grid[2]))
  return [x, y, z, t]
}

export function rankOf(grid: Dims, c: Dims): number {
  return ((c[3] * grid[2] + c[2]) * grid[1] + c[1]) * grid[0] + c[0]
}

/** The rank one step along dimension `d` (`step` = +1 or -1), periodic. */
export function neighbour(grid: Dims, rank: number, d: number, step: 1 | -1): number {
  const c = [...rankCoords(grid, rank)]
  c[d] = (c[d] + step + grid[d]) % grid[d]
  return rankOf(grid, toDims(c))
}
