// What every figure or benchmark of `spinmpi bench NAME` is: a named function producing rows,
// with a plot description so the CLI can draw it without knowing the figure.

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

/** One line chart: rows grouped into series by `series`, optionally split into panels. */
export interface PlotSpec {
  readonly x: string
  readonly y: string
  /** Row field(s) whose values name a series (joined with ' '). */
  readonly series?: string | readonly string[]
  /** Row field whose values split the figure into separate charts. */
  readonly panel?: string
  readonly logX?: boolean
  readonly logY?: boolean
  readonly xLabel?: string
  readonly yLabel?: string
  /** Horizontal reference line, e.g. the line rate, read from a top-level result field. */
  readonly hline?: { readonly field: string; readonly label: string }
}

/** A claim of the paper checked against the figure's data, shown in the report. */
export interface ClaimCheck {
  readonly claim: string
  readonly pass: boolean
  readonly measured: string
}

export interface Figure {
  readonly name: string
  /** One line: what the figure shows and the paper's claim it checks. */
  readonly title: string
  /** 'figure' reproduces a paper result (in `bench all`); 'perf' measures spinmpi itself
   * in wall-clock time (in `npm run bench`). Default 'figure'. */
  readonly kind?: 'figure' | 'perf'
  readonly plot?: PlotSpec | readonly PlotSpec[]
  run(options: FigureOptions): Promise<FigureResult>
  /** Checks the paper's claims on a result (pass/miss marks in the report). */
  check?(result: FigureResult): readonly ClaimCheck[]
}
