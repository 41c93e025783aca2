// Lowered datatype → normalized dataloop, bottom-up, memoized per datatype so shared
// subtypes are built once (and compare equal by reference in struct normalization).

import type { Datatype } from '../datatype.js'
import type { Loop } from './loop.js'
import { blockIndexed, contig, indexed, run, struct, vector } from './normalize.js'

const built = new WeakMap<Datatype, Loop>()

/** A block of `count` consecutive copies of `type`, as every MPI constructor places them. */
function block(count: number, type: Datatype): Loop {
  return contig(count, type.extent, loopOf(type))
}

function buildLoop(type: Datatype): Loop {
  const l = type.lowered
  switch (l.kind) {
    case 'elem':
      return run(type.size)
    case 'contig':
      return block(l.count, l.child)
    case 'hvector':
      return vector(l.count, l.stride, block(l.blocklength, l.child))
    case 'hindexedBlock':
      return blockIndexed(l.displs, block(l.blocklength, l.child))
    case 'hindexed': {
      const child = loopOf(l.child)
      // A dense child makes every block one run: skip building a loop per block.
      if (child.kind === 'run' && child.offset === 0 && child.len === l.child.extent) {
        return indexed(l.displs, l.blocklengths.map((b) => b * child.len))
      }
      const blocks = new Map<number, Loop>()
      const children = l.blocklengths.map((b) => {
        let x = blocks.get(b)
        if (x === undefined) blocks.set(b, (x = block(b, l.child)))
        return x
      })
      return struct(l.displs, children)
    }
    case 'struct':
      return struct(l.displs, l.children.map((c, i) => block(l.blocklengths[i]!, c)))
    case 'resized':
      return loopOf(l.child)
  }
}

/** The normalized dataloop of one instance of `type` (offsets relative to the type's origin). */
export function loopOf(type: Datatype): Loop {
  let loop = built.get(type)
  if (loop === undefined) {
    loop = buildLoop(type)
    built.set(type, loop)
  }
  return loop
}

/** The dataloop of `count` instances of `type` laid out at its extent. */
export function loopOfCount(type: Datatype, count: number): Loop {
  return contig(count, type.extent, loopOf(type))
}
