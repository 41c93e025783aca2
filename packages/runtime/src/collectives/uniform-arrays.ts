// The per-peer arrays of an alltoall side (n counts, n byte displacements, n types: every entry
// alike), shared by every call that asks for the same ones. Each call of fft2d's transposes made
// three arrays of n entries per side on every rank: at P = 512, ~60 B per message. Nobody writes
// them (the exchange reads them, and its IN_PLACE copy maps them to new arrays), so one set serves
// every rank and call of that shape; a few shapes are kept, the oldest dropped first.

import type { Datatype } from '@spinmpi/ddt'

export interface UniformArrays {
  readonly counts: readonly number[]
  readonly byteDispls: readonly number[]
  readonly types: readonly Datatype[]
}

interface Kept extends UniformArrays {
  readonly n: number
  readonly count: number
  readonly stride: number
  readonly type: Datatype
}

/** Shapes kept (an alltoall has two sides; a program alternates a few shapes). */
const KEPT = 8
const kept: Kept[] = []

/** The arrays of `n` peers, each `count` x `type` at byte `i * stride`. */
export function uniformArrays(n: number, count: number, stride: number, type: Datatype): UniformArrays {
  for (let i = 0; i < kept.length; i++) {
    const k = kept[i]!
    if (k.n === n && k.count === count && k.stride === stride && k.type === type) return k
  }
  const made: Kept = {
    n, count, stride, type,
    counts: new Array<number>(n).fill(count),
    byteDispls: Array.from({ length: n }, (_, i) => i * stride),
    types: new Array<Datatype>(n).fill(type),
  }
  if (kept.length === KEPT) kept.shift()
  kept.push(made)
  return made
}
