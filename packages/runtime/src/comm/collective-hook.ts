// The seam between the communicator and collectives/: collectives are free functions over a
// rank's CommCore, collected in one record (collectives/index.ts) that run() puts in the World;
// every communicator the world builds binds them as its methods (comm/comm.ts).

import type { Collectives } from './comm-api.js'
import type { CommCore } from './comm-core.js'

export type CollectiveImpls = {
  readonly [K in keyof Collectives]: (comm: CommCore, ...args: Parameters<Collectives[K]>) => ReturnType<Collectives[K]>
}
