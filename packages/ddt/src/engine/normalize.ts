// Smart constructors that keep dataloops normalized: empty parts dropped, adjacent runs merged,
// and nesting collapsed wherever a simpler loop describes the same typemap in the same order.

import { EMPTY, type Loop, type RunLoop, type VectorLoop } from './loop.js'
import { sizeOf } from './loop-info.js'
import { sameLoop } from './loop-equal.js'

export function run(len: number, offset = 0): RunLoop {
  return len === 0 ? EMPTY : { kind: 'run', offset, len }
}

/** The same loop moved by `delta` bytes. */
export function shift(loop: Loop, delta: number): Loop {
  if (delta === 0 || sizeOf(loop) === 0) return loop
  return { ...loop, offset: loop.offset + delta }
}

/** A child as it sits inside a parent: offset hoisted out, returned separately. */
function hoist(child: Loop): [Loop, number] {
  return child.offset === 0 ? [child, 0] : [{ ...child, offset: 0 }, child.offset]
}

const isVectorLike = (l: Loop): l is VectorLoop => l.kind === 'vector' || l.kind === 'contig'

/** `count` copies of `child`, copy i at i*stride. */
export function vector(count: number, stride: number, child: Loop, label: 'vector' | 'contig' = 'vector'): Loop {
  if (count === 0 || sizeOf(child) === 0) return EMPTY
  if (count === 1) return child
  const [inner, off] = hoist(child)
  if (inner.kind === 'run' && stride === inner.len) return run(count * inner.len, off)
  // Copies of a vector that continue its own stride are one longer vector (MILC, subarrays).
  if (isVectorLike(inner) && stride === inner.count * inner.stride) {
    const kind = label === 'contig' && inner.kind === 'contig' ? 'contig' : 'vector'
    return { kind, offset: off, count: count * inner.count, stride: inner.stride, child: inner.child }
  }
  return { kind: label, offset: off, count, stride, child: inner }
}

function arithmeticStride(displs: ArrayLike<number>): number | undefined {
  const first = displs[0], second = displs[1]
  if (first === undefined || second === undefined) return undefined
  const s = second - first
  for (let i = 2; i < displs.length; i++) if (displs[i]! - displs[i - 1]! !== s) return undefined
  return s
}

/** Copies of `child` at each of `displs`. */
export function blockIndexed(displs: ArrayLike<number>, child: Loop): Loop {
  const first = displs[0]
  if (first === undefined || sizeOf(child) === 0) return EMPTY
  const [inner, off] = hoist(child)
  if (displs.length === 1) return shift(inner, first + off)
  const stride = arithmeticStride(displs)
  if (stride !== undefined) return shift(vector(displs.length, stride, inner), first + off)
  if (inner.kind === 'run') {
    for (let i = 1; i < displs.length; i++) {
      if (displs[i - 1]! + inner.len === displs[i]) return shift(indexed(displs, Array.from(displs, () => inner.len)), off)
    }
  }
  return { kind: 'blockindexed', offset: off, displs: Float64Array.from(displs), child: inner }
}

/** Byte runs: lens[i] bytes at displs[i] (arrays of one length), in this order; zero lengths dropped, touching runs merged. */
export function indexed(displs: ArrayLike<number>, lens: ArrayLike<number>): Loop {
  const d: number[] = []
  const l: number[] = []
  let end = NaN // end of the last run kept
  for (let i = 0; i < displs.length; i++) {
    const at = displs[i]!, len = lens[i]!
    if (len === 0) continue
    if (at === end) l[l.length - 1]! += len
    else {
      d.push(at)
      l.push(len)
    }
    end = at + len
  }
  const d0 = d[0], l0 = l[0]
  if (d0 === undefined || l0 === undefined) return EMPTY
  if (d.length === 1) return run(l0, d0)
  if (l.every((x) => x === l0)) return blockIndexed(d, run(l0))
  return { kind: 'indexed', offset: 0, displs: Float64Array.from(d), lens: Float64Array.from(l) }
}

/** children[i] at displs[i], in this order. */
export function struct(displs: ArrayLike<number>, children: readonly Loop[]): Loop {
  const d: number[] = []
  const c: Loop[] = []
  children.forEach((child, i) => {
    if (sizeOf(child) === 0) return
    const [inner, off] = hoist(child)
    d.push(displs[i]! + off)
    c.push(inner)
  })
  const c0 = c[0], d0 = d[0]
  if (c0 === undefined || d0 === undefined) return EMPTY
  if (c.length === 1) return shift(c0, d0)
  if (c.every((x) => x.kind === 'run')) return indexed(d, c.map((x) => (x as RunLoop).len))
  if (c.every((x) => sameLoop(x, c0))) return blockIndexed(d, c0)
  // Touching runs among other children still merge, as the typemap would.
  const md: number[] = [d0]
  const mc: Loop[] = [c0]
  let prev = c0, prevAt = d0
  for (let i = 1; i < c.length; i++) {
    const cur = c[i]!, at = d[i]!
    if (prev.kind === 'run' && cur.kind === 'run' && prevAt + prev.len === at) {
      prev = run(prev.len + cur.len)
      mc[mc.length - 1] = prev
    } else {
      md.push(at)
      mc.push(cur)
      prev = cur
      prevAt = at
    }
  }
  if (mc.length === 1) return shift(prev, d0)
  return { kind: 'struct', offset: 0, displs: Float64Array.from(md), children: mc }
}

/** `count` consecutive copies of a child whose extent is `extent` (a block of an MPI loop). */
export function contig(count: number, extent: number, child: Loop): Loop {
  return vector(count, extent, child, 'contig')
}
