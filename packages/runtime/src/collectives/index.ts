// The collectives: free functions over a rank's CommCore, in one record that run() hands to the
// world; every communicator binds them as its methods. A new collective is one file, one line
// here and one in the Collectives interface (comm/comm-api.ts).
import type { CollectiveImpls } from '../comm/collective-hook.js'
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
import {
  ibarrier, ibcast, ireduce, iallreduce, igather, igatherv, iscatter, iscatterv, iallgather, iallgatherv,
  ialltoall, ialltoallv, ialltoallw, iscan, iexscan, ireduceScatter, ireduceScatterBlock,
} from './nonblocking-calls.js'

export { allgather, allreduce, alltoall, alltoallv, alltoallw, barrier, bcast, gather, reduce, scatter }
export { gatherv, scatterv, allgatherv, scan, exscan, reduceScatter, reduceScatterBlock }
export { startNonblocking } from './nonblocking.js'
export { BCAST_ALGORITHMS, autoBcastAlgorithm } from './bcast.js'
export { bcastBinomial } from './bcast-binomial.js'
export { prepareNicBcast, type PreparedNicBcast } from './nic-bcast.js'
export { nicBcastContext, type NicBcastKind } from './nic-bcast-contexts.js'
export * from './ops/index.js'

export const collectiveImpls: CollectiveImpls = {
  barrier, bcast, reduce, allreduce, gather, scatter, allgather, alltoall, alltoallv, alltoallw,
  gatherv, scatterv, allgatherv, scan, exscan, reduceScatter, reduceScatterBlock,
  ibarrier, ibcast, ireduce, iallreduce, igather, igatherv, iscatter, iscatterv, iallgather, iallgatherv,
  ialltoall, ialltoallv, ialltoallw, iscan, iexscan, ireduceScatter, ireduceScatterBlock,
}
