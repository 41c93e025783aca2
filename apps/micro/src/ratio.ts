// A benchmark's figure against its reference measured in the same run, as a speed ratio
// (above 1: faster than the reference), with the spread of the figure's samples. Ratios stay
// comparable across machines and on a shared one; absolute wall-clock numbers do not.

/** One row of `npm run bench`'s ratio table. */
export interface RatioSummary {
  /** What was measured, e.g. "matrix_column pack (warm)". */
  readonly task: string
  /** The in-run reference it is divided by, e.g. "copy (warm)". */
  readonly reference: string
  /** Samples of the measured task. */
  readonly samples: number
  /** Reference median time over the task's slowest, median and fastest sample time. */
  readonly min: number
  readonly median: number
  readonly max: number
}

/** Times of one task: fastest, median and slowest sample (any unit) and how many samples. */
export interface SampleTimes {
  readonly min: number
  readonly median: number
  readonly max: number
  readonly samples: number
}

/** Speed ratio of `task` against `reference`: reference median time / task sample time. */
export function speedRatio(task: string, reference: string, times: SampleTimes, referenceMedian: number): RatioSummary {
  return {
    task, reference, samples: times.samples,
    min: referenceMedian / times.max, median: referenceMedian / times.median, max: referenceMedian / times.min,
  }
}
