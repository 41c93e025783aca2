// What every figure or benchmark of `spinmpi bench NAME` is: a named function producing rows.

/** The JSON every `spinmpi bench NAME --json` prints. */
export interface FigureResult<Row extends object = Record<string, unknown>> {
  readonly name: string
  readonly profile: string
  readonly rows: readonly Row[]
  /** Extra top-level fields some figures carry (e.g. lineRateGbps). */
  readonly [extra: string]: unknown
}

export interface FigureOptions {
  /** Profile name (default per figure, usually 'sc19'). */
  readonly profile?: string
  /** A reduced sweep that runs in seconds (used by `npm start` and tests). */
  readonly quick?: boolean
  /** Called with (done, total) as the sweep advances, for progress bars. */
  readonly onProgress?: (done: number, total: number) => void
}

export interface Figure {
  readonly name: string
  /** One line: what the figure shows and the paper's claim it checks. */
  readonly title: string
  run(options: FigureOptions): Promise<FigureResult>
}
