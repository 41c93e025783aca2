// The progress of `spinmpi run` on stderr: on a terminal, one line redrawn in place and erased
// when the run ends; with --progress, also when stderr is not a terminal (a batch job's log), one
// line at most every 10 s plus one when each run ends. The runtime reports at points of the
// simulation (withProgress); the wall clock here only spaces the lines out and says how long the
// run has taken, it never reaches the simulation.

import { withProgress, type RunProgress } from '@spinmpi/runtime'

export const PROGRESS_HELP = 'report progress on stderr even when it is not a terminal (on a terminal it is shown anyway)'

/** Redraws on a terminal at most this often; lines in a log at most every LOG_MS. */
const TTY_MS = 200
const LOG_MS = 10_000

export interface ProgressSink {
  readonly tty: boolean
  write(text: string): void
  /** Wall-clock ms (performance.now in the command; a fake in tests). */
  now(): number
}

/** One line of progress, e.g. "simulated 1.250 ms in 12 s (3.40 M events, 512 of 1024 ranks done)". */
export function progressText(p: RunProgress, wallMs: number): string {
  const events = p.events >= 1e6 ? `${(p.events / 1e6).toFixed(2)} M` : p.events >= 1e3 ? `${(p.events / 1e3).toFixed(1)} k` : `${p.events}`
  return `simulated ${simulatedText(p.simulatedNs)} in ${(wallMs / 1000).toFixed(0)} s (${events} events, ${p.ranksDone} of ${p.ranks} ranks done)`
}

function simulatedText(ns: number): string {
  if (ns >= 1e9) return `${(ns / 1e9).toFixed(3)} s`
  if (ns >= 1e6) return `${(ns / 1e6).toFixed(3)} ms`
  if (ns >= 1e3) return `${(ns / 1e3).toFixed(3)} µs`
  return `${ns.toFixed(0)} ns`
}

/** The listener that draws a run's progress on `sink` (a terminal or a log). */
export function progressListener(sink: ProgressSink): (p: RunProgress) => void {
  let start = -1
  let last = -Infinity
  return (p) => {
    const t = sink.now()
    // The run's wall time counts from the report made at its start, which draws nothing (a line
    // saying nothing ran yet tells nothing); a log's first line comes LOG_MS after it.
    if (p.started) {
      start = t
      last = sink.tty ? -Infinity : t
      return
    }
    if (start < 0) start = t
    if (sink.tty) {
      if (p.ended) {
        sink.write('\r\x1b[K')
        start = -1
        last = -Infinity
      } else if (t - last >= TTY_MS) {
        sink.write(`\r\x1b[Kspinmpi: ${progressText(p, t - start)}`)
        last = t
      }
      return
    }
    if (p.ended || t - last >= LOG_MS) {
      sink.write(`spinmpi: ${progressText(p, t - start)}${p.ended ? '; run ended' : ''}\n`)
      last = t
    }
    if (p.ended) {
      start = -1
      last = -Infinity
    }
  }
}

/** Runs `fn` with its runs' progress shown on stderr: on a terminal, or everywhere with `forced`. */
export function withProgressLine<T>(forced: boolean, fn: () => Promise<T>): Promise<T> {
  const tty = process.stderr.isTTY === true
  if (!tty && !forced) return fn()
  const sink: ProgressSink = { tty, write: (text) => { process.stderr.write(text) }, now: () => performance.now() }
  return withProgress(progressListener(sink), fn)
}

/** Splits the flag `--progress` out of a built-in app's words. */
export function takeProgressOption(argv: readonly string[]): { readonly forced: boolean; readonly rest: string[] } {
  const rest = argv.filter((w) => w !== '--progress')
  return { forced: rest.length < argv.length, rest }
}
