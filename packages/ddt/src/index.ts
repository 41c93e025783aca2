// Public API of @spinmpi/ddt.
export type { Bounds, Datatype, ElementaryName, Lowered, SignatureRun } from './datatype.js'
export * from './spec.js'
export * from './errors.js'
export { MAX_TYPE_DEPTH } from './type.js'
export {
  BYTE, CHAR, INT8, UINT8, INT16, UINT16, INT32, UINT32, INT64, UINT64, FLOAT32, FLOAT64,
  COMPLEX64, COMPLEX128, FLOAT_INT, DOUBLE_INT, SHORT_INT, TWO_INT, elementary,
} from './elementary.js'
export { ELEMENTARY, ELEMENTARY_NAMES, isElementaryName } from './elementary-table.js'
export type { ElementaryInfo, PairComponent } from './elementary-table.js'
export { contiguous } from './constructors/contiguous.js'
export { vector, hvector } from './constructors/vector.js'
export { indexed, hindexed, indexedBlock, hindexedBlock } from './constructors/indexed.js'
export { struct } from './constructors/struct.js'
export { subarray } from './constructors/subarray.js'
export { darray } from './constructors/darray.js'
export { resized, dup } from './constructors/resized.js'
export { typeFromJson, typeFromSpec, typeToJson, parseTypeSpec, parseTypeFile, formatPath } from './json.js'
export type { TypeFile } from './json.js'
export { referenceTypemap, referenceRuns } from './reference.js'
export type { Piece } from './reference.js'
export {
  compile, Segment, flatten, Runs, pack, unpack, packSize, packRange, unpackRange, classify, loopOf, loopOfCount,
  loopInfo, describeLoop,
} from './engine/index.js'
export type { Classification, PieceSink, Loop, LoopInfo } from './engine/index.js'
