// Derived facts about a dataloop, memoized per node: data size, leaf runs, data bounds.

import type { Loop } from './loop.js'

export interface LoopInfo {
  /** Bytes of data in one instance. */
  readonly size: number
  /** Leaf runs one instance emits before adjacent runs are merged. */
  readonly runs: number
  /** Lowest data byte and one past the highest, relative to the instance origin (0/0 if empty). */
  readonly lo: number
  readonly hi: number
  /** Largest power of two (up to 8) dividing every run length and run address. */
  readonly grain: number
}

const memo = new WeakMap<Loop, LoopInfo>()

function grainOf(x: number): number {
  const a = Math.abs(x)
  if (a % 8 === 0) return 8
  if (a % 4 === 0) return 4
  if (a % 2 === 0) return 2
  return 1
}

function computeInfo(loop: Loop): LoopInfo {
  switch (loop.kind) {
    case 'run': {
      const lo = loop.len === 0 ? 0 : loop.offset
      return { size: loop.len, runs: loop.len === 0 ? 0 : 1, lo, hi: lo + loop.len, grain: Math.min(grainOf(loop.len || 8), grainOf(loop.offset)) }
    }
    case 'vector':
    case 'contig': {
      const c = info(loop.child)
      const span = (loop.count - 1) * loop.stride
      return {
        size: loop.count * c.size,
        runs: loop.count * c.runs,
        lo: loop.offset + c.lo + Math.min(0, span),
        hi: loop.offset + c.hi + Math.max(0, span),
        grain: Math.min(c.grain, grainOf(loop.stride), grainOf(loop.offset)),
      }
    }
    case 'blockindexed': {
      const c = info(loop.child)
      let lo = Infinity, hi = -Infinity, grain = Math.min(c.grain, grainOf(loop.offset))
      for (const d of loop.displs) {
        lo = Math.min(lo, d)
        hi = Math.max(hi, d)
        grain = Math.min(grain, grainOf(d))
      }
      return { size: loop.displs.length * c.size, runs: loop.displs.length * c.runs, lo: loop.offset + lo + c.lo, hi: loop.offset + hi + c.hi, grain }
    }
    case 'indexed': {
      let size = 0, lo = Infinity, hi = -Infinity, grain = grainOf(loop.offset)
      for (let i = 0; i < loop.displs.length; i++) {
        const d = loop.displs[i]!, l = loop.lens[i]! // parallel arrays
        size += l
        lo = Math.min(lo, d)
        hi = Math.max(hi, d + l)
        grain = Math.min(grain, grainOf(d), grainOf(l))
      }
      return { size, runs: loop.displs.length, lo: loop.offset + lo, hi: loop.offset + hi, grain }
    }
    case 'struct': {
      let size = 0, runs = 0, lo = Infinity, hi = -Infinity, grain = grainOf(loop.offset)
      for (const [i, child] of loop.children.entries()) {
        const c = info(child), d = loop.displs[i]! // one displacement per child
        size += c.size
        runs += c.runs
        lo = Math.min(lo, d + c.lo)
        hi = Math.max(hi, d + c.hi)
        grain = Math.min(grain, c.grain, grainOf(d))
      }
      return { size, runs, lo: loop.offset + lo, hi: loop.offset + hi, grain }
    }
  }
}

export function info(loop: Loop): LoopInfo {
  let i = memo.get(loop)
  if (i === undefined) {
    i = computeInfo(loop)
    memo.set(loop, i)
  }
  return i
}

export const sizeOf = (loop: Loop): number => info(loop).size
