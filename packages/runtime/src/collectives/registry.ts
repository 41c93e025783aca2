// The collectives: each file's record (its methods, blocking and nonblocking), listed here once.
// The communicator's collective methods (their types and docs), the world's implementations and
// the parameter names of mismatch errors all derive from this list; a new collective is a new
// file plus one line below (docs/extending.md).

import { allgatherCollective } from './allgather.js'
import { allgathervCollective } from './allgatherv.js'
import { allreduceCollective } from './allreduce.js'
import { alltoallCollective } from './alltoall.js'
import { alltoallwCollective } from './alltoallw.js'
import { barrierCollective } from './barrier.js'
import { bcastCollective } from './bcast.js'
import type { MethodOf } from './collective.js'
import { exscanCollective } from './exscan.js'
import { gatherCollective } from './gather.js'
import { gathervCollective } from './gatherv.js'
import { reduceCollective } from './reduce.js'
import { reduceScatterCollective } from './reduce-scatter.js'
import { reduceScatterBlockCollective } from './reduce-scatter-block.js'
import { scanCollective } from './scan.js'
import { scatterCollective } from './scatter.js'
import { scattervCollective } from './scatterv.js'
import { checkTags } from './tags.js'

/** Every collective method's record, by method name. */
export const COLLECTIVES = checkTags({
  ...barrierCollective,
  ...bcastCollective,
  ...reduceCollective,
  ...allreduceCollective,
  ...gatherCollective,
  ...scatterCollective,
  ...allgatherCollective,
  ...alltoallCollective,
  ...alltoallwCollective,
  ...gathervCollective,
  ...scattervCollective,
  ...allgathervCollective,
  ...scanCollective,
  ...exscanCollective,
  ...reduceScatterCollective,
  ...reduceScatterBlockCollective,
})

/** The registry's type: what run() hands to the world (World.collectives). */
export type CollectiveRegistry = typeof COLLECTIVES

/** The collective methods of a communicator, one per record, documented by the record's doc comment. */
export type CollectiveMethods = { [K in keyof CollectiveRegistry]: MethodOf<CollectiveRegistry[K]> }
