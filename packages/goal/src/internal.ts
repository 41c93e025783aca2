// @spinmpi/goal/internal: the user API plus the schemas, label rules and number formatting that
// tests and tools use. Not a stable interface.
export * from './index.js'
export { LABEL_PATTERN, RESERVED_LABELS } from './goal-types.js'
export { assignLabels } from './goal-write.js'
export { goalScheduleSchema } from './goal-validate.js'
export { logGopsParamsSchema } from './loggops-params.js'
export { formatCppDouble } from './loggops-report.js'
export { buildOpGraph } from './loggops-graph.js'
