// @spinmpi/fft2d: a distributed 2-D FFT whose transposes are alltoall with datatypes.
export { fftPlan, type FftPlan } from './fft1d.js'
export { fftFlops, rowPhaseFlops } from './flops.js'
export { transposeTypes, type TransposeTypes } from './transpose-types.js'
export { inputRows } from './input-matrix.js'
export { reference2d, referenceKind, maxRelativeError, DIRECT_DFT_MAX_N, type ReferenceKind } from './reference.js'
export { fft2dRank, type RankInput, type RankTimes } from './fft2d-rank.js'
export { fft2dOptionsSchema, parseFft2dOptions, Fft2dOptionsError, DATA_MODE_MAX_N, type Fft2dOptions, type Fft2dOptionsInput } from './options.js'
export { runFft2d, VERIFY_TOLERANCE, type Fft2dResult } from './run-fft2d.js'
