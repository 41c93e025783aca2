// What every figure or benchmark of `spinmpi bench NAME` is: a named function producing rows,
// with a plot description so the CLI can draw it without knowing the figure.

import type { ClaimCheck } from './claims.js'
import type { AxisUnit } from './plot/axes.js'
import type { ChartSpec } from './plot/vega.js'

export type { ClaimCheck } from './claims.js'

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

/** One line chart (drawn with Vega-Lite): rows grouped into series by `series`, optionally split into panels. */
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
  /** How axis values read (times as ns/µs/ms/s, sizes as B/KiB/MiB); default plain numbers. */
  readonly xUnit?: AxisUnit
  readonly yUnit?: AxisUnit
  /** Horizontal reference line, e.g. the line rate, read from a top-level result field. */
  readonly hline?: { readonly field: string; readonly label: string }
  /** Row field drawn as the line's dash (the colour stays the series'), its legend title, its values' labels. */
  readonly dash?: { readonly field: string; readonly title: string; readonly unit?: AxisUnit; readonly labels?: Readonly<Record<string, string>> }
  /** Series with fewer points are left out (a lone dot is no curve). */
  readonly minPoints?: number
  /** The values of `panel` drawn (default all). */
  readonly panels?: readonly string[]
}

export interface Figure {
  readonly name: string
  /** One line: what the figure shows and the paper's claim it checks. */
  readonly title: string
  /** 'figure' reproduces a paper result (in `bench all`); 'perf' measures spinmpi itself
   * in wall-clock time (in `npm run bench`). Default 'figure'. */
  readonly kind?: 'figure' | 'perf'
  readonly plot?: PlotSpec | readonly PlotSpec[]
  /** The figure's own Vega-Lite chart (bars, histograms, dual axes); replaces `plot` when set. */
  chart?(result: FigureResult): ChartSpec
  run(options: FigureOptions): Promise<FigureResult>
  /** Checks the paper's claims on a result (pass/miss marks in the report). */
  check?(result: FigureResult): readonly ClaimCheck[]
}
