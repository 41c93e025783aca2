// @spinmpi/ddt for users: build MPI datatypes, read and write them as JSON, pack, unpack and walk
// them. Dataloop internals (compile, loops, the elementary table) are in `@spinmpi/ddt/internal`.
export type { Bounds, Datatype, Lowered, SignatureRun } from './datatype.js'
export type * from './spec-types.js'
export * from './spec.js'
export * from './errors.js'
export { MAX_TYPE_DEPTH } from './type.js'
export {
  BYTE, CHAR, INT8, UINT8, INT16, UINT16, INT32, UINT32, INT64, UINT64, FLOAT32, FLOAT64,
  COMPLEX64, COMPLEX128, FLOAT_INT, DOUBLE_INT, SHORT_INT, TWO_INT, elementary,
} from './elementary.js'
export { contiguous } from './constructors/contiguous.js'
export { vector, hvector } from './constructors/vector.js'
export { indexed, hindexed, indexedBlock, hindexedBlock } from './constructors/indexed.js'
export { struct } from './constructors/struct.js'
export { subarray } from './constructors/subarray.js'
export { darray } from './constructors/darray.js'
export { resized, dup } from './constructors/resized.js'
export { typeFromJson, typeFromSpec, typeToJson, parseTypeSpec, parseTypeFile } from './json.js'
export type { TypeFile } from './json.js'
export { Segment, flatten, Runs, pack, unpack, packSize, packRange, unpackRange, classify, PackArena } from './engine/index.js'
export type { Classification, PieceSink, PackArenaOptions } from './engine/index.js'
