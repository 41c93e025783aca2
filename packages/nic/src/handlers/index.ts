export { pingPongContext, type PingPongOptions } from './pingpong.js'
export { vectorContext, writeVectorDescriptor, vectorExtent, type VectorLayout, type VectorHandlerOptions } from './vector.js'
export { histogramContext, HISTOGRAM_BINS, type HistogramOptions } from './histogram.js'
export { reduceContext, type ReduceOptions } from './reduce.js'
