// Public API of @spinmpi/runtime.
export { MpiError, isMpiError, ERR_TRUNCATE, ERR_TYPE, ERR_COUNT, ERR_RANK, ERR_TAG, ERR_BUFFER, ERR_ARG, ERR_OTHER } from '@spinmpi/ddt'
export type { ErrorClass, Datatype } from '@spinmpi/ddt'
export * from './comm/comm-api.js'
export type { CommCore } from './comm/comm-core.js'
export { installCollectives, type CollectiveImpls } from './comm/collective-hook.js'
export * from './strategies/index.js'
