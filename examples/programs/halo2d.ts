// A 2-D halo exchange on a Cartesian communicator: each rank owns an n x n block of a global
// grid (plus a one-cell ghost ring), the grid is periodic along columns (dimension 1) and not
// along rows (dimension 0), and every rank swaps its edge rows and columns with its neighbours.
// Cell (gi, gj) of the global grid holds gi * 1000 + gj, so every ghost cell can be checked.
// Ghost cells with no neighbour (top and bottom edges of the grid) keep -1.
//
//   spinmpi run examples/programs/halo2d.ts --ranks 6 -- 8      (n = 8)

import { dimsCreate, types, type Comm } from '@spinmpi/runtime'

export interface HaloResult {
  readonly coords: number[]
  /** Ghost cells after the exchange, in order: above, below (n each), left, right (n each). */
  readonly top: number[]
  readonly bottom: number[]
  readonly left: number[]
  readonly right: number[]
}

export async function main(comm: Comm, args: readonly string[] = []): Promise<HaloResult | null> {
  const n = args.length > 0 ? Number(args[0]) : 8
  if (!Number.isInteger(n) || n < 1) throw new Error(`halo2d: block size must be a positive integer, got ${args[0]}`)
  const dims = dimsCreate(comm.size, [0, 0])
  const cart = await comm.createCart(dims, [false, true])
  if (cart === null) return null
  const [pi, pj] = cart.cartCoords(cart.rank) as [number, number]
  const w = n + 2 // row length with the ghost columns
  const grid = new Float64Array(w * w).fill(-1)
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) grid[(i + 1) * w + j + 1] = (pi * n + i) * 1000 + pj * n + j

  const row = types.contiguous(n, types.FLOAT64).commit()
  const column = types.vector(n, 1, w, types.FLOAT64).commit()
  const at = (i: number, j: number) => ({ data: grid, byteOffset: (i * w + j) * 8 })
  const up = cart.cartShift(0, 1) // source: the rank above, dest: the rank below
  const side = cart.cartShift(1, 1) // source: the rank to the left, dest: the rank to the right
  // last interior row goes down, top ghost row comes from above; then the other way
  await cart.sendrecv(at(n, 1), 1, row, up.dest, 0, at(0, 1), 1, row, up.source, 0)
  await cart.sendrecv(at(1, 1), 1, row, up.source, 1, at(n + 1, 1), 1, row, up.dest, 1)
  await cart.sendrecv(at(1, n), 1, column, side.dest, 2, at(1, 0), 1, column, side.source, 2)
  await cart.sendrecv(at(1, 1), 1, column, side.source, 3, at(1, n + 1), 1, column, side.dest, 3)

  const ring = (i0: number, j0: number, di: number, dj: number) => Array.from({ length: n }, (_, k) => grid[(i0 + k * di) * w + j0 + k * dj]!)
  cart.free()
  return { coords: [pi, pj], top: ring(0, 1, 0, 1), bottom: ring(n + 1, 1, 0, 1), left: ring(1, 0, 1, 0), right: ring(1, n + 1, 1, 0) }
}

export default main
