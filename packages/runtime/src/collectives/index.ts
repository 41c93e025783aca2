// The collectives' parts for tools and tests (internal entry point). The collectives themselves
// are listed once in registry.ts, which run() hands to the world; every communicator binds its
// records as methods.
import { allgather } from './allgather.js'
import { allreduce } from './allreduce.js'
import { alltoall, alltoallv } from './alltoall.js'
import { alltoallw } from './alltoallw.js'
import { barrier } from './barrier.js'
import { bcast } from './bcast.js'
import { gather } from './gather.js'
import { reduce } from './reduce.js'
import { scatter } from './scatter.js'
import { gatherv } from './gatherv.js'
import { scatterv } from './scatterv.js'
import { allgatherv } from './allgatherv.js'
import { scan } from './scan.js'
import { exscan } from './exscan.js'
import { reduceScatter } from './reduce-scatter.js'
import { reduceScatterBlock } from './reduce-scatter-block.js'

export { allgather, allreduce, alltoall, alltoallv, alltoallw, barrier, bcast, gather, reduce, scatter }
export { gatherv, scatterv, allgatherv, scan, exscan, reduceScatter, reduceScatterBlock }
export { startNonblocking } from './nonblocking.js'
export { BCAST_ALGORITHMS, autoBcastAlgorithm } from './bcast.js'
export { bcastBinomial } from './bcast-binomial.js'
export { prepareNicBcast, type PreparedNicBcast } from './nic-bcast.js'
export { nicBcastContext, type NicBcastKind } from './nic-bcast-contexts.js'
export * from './ops/index.js'
export { COLLECTIVES } from './registry.js'
