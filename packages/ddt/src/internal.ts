// @spinmpi/ddt/internal: the user API plus what the runtime, the apps and the tests reach into
// (the elementary table, dataloops and their compilation). Not a stable interface.
export * from './index.js'
export { ELEMENTARY, ELEMENTARY_NAMES, isElementaryName } from './elementary-table.js'
export type { ElementaryInfo, PairComponent } from './elementary-table.js'
export { formatPath } from './json.js'
export { compile, CompiledType, loopOf, loopOfCount, loopInfo, describeLoop } from './engine/index.js'
export type { Loop, LoopKind, RunLoop, VectorLoop, BlockIndexedLoop, IndexedLoop, StructLoop, LoopInfo } from './engine/index.js'
