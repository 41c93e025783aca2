// The process grid: how the global lattice is cut over the ranks, rank <-> grid coordinates
// (x fastest), and the neighbour in each of the 8 directions (periodic).

import { DIM_NAMES, extentOf, toDims, type Dims } from './lattice.js'

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
  let grid: Dims = [1, 1, 1, 1]
  let local: Dims = lattice
  for (const f of primeFactorsDescending(ranks)) {
    // the largest extent that f cuts into even parts; `>=` lets the later dimension win ties
    let best = -1
    let bestExtent = 0
    local.forEach((extent, d) => {
      const part = extent / f
      if (Number.isInteger(part) && part % 2 === 0 && extent >= bestExtent) {
        best = d
        bestExtent = extent
      }
    })
    if (best < 0) {
      throw new MilcOptionsError(`ranks: cannot cut lattice ${lattice.join('x')} over ${ranks} ranks into even local extents`)
    }
    grid = toDims(grid.map((g, d) => (d === best ? g * f : g)))
    local = toDims(local.map((extent, d) => (d === best ? extent / f : extent)))
  }
  return { grid, local }
}

/** Checks a user-given grid against the lattice and rank count. */
export function checkGrid(lattice: Dims, ranks: number, grid: Dims): ProcessGrid {
  const product = grid[0] * grid[1] * grid[2] * grid[3]
  if (product !== ranks) throw new MilcOptionsError(`grid: ${grid.join('x')} has ${product} ranks, expected ${ranks}`)
  const local = lattice.map((extent, d) => {
    const parts = extentOf(grid, d)
    const part = extent / parts
    if (!Number.isInteger(part) || part % 2 !== 0) {
      throw new MilcOptionsError(`grid: ${DIM_NAMES[d]} extent ${extent} over ${parts} ranks must give an even local extent`)
    }
    return part
  })
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
  const extent = extentOf(grid, d)
  const c = rankCoords(grid, rank).map((coord, k) => (k === d ? (coord + step + extent) % extent : coord))
  return rankOf(grid, toDims(c))
}
