// Progress of long runs, for a display: every run() started within withProgress(listener, fn)
// tells `listener` how far it got: once when it starts (so a display can time the run from its
// start), each time the simulator lets timers and I/O in (every 1,024 wake-ups of ranks: a place
// that depends on the simulation only, so the reports of one run are the same every time), and
// once when it ends. Scoped by AsyncLocalStorage like withTimeLimit,
// so a built-in app's runs deep inside its CLI handler report too.

import { AsyncLocalStorage } from 'node:async_hooks'
import { ERR_ARG, MpiError } from '@spinmpi/ddt'

/** How far a run got. */
export interface RunProgress {
  /** Simulated time reached, in ns. */
  readonly simulatedNs: number
  /** Simulator events run so far. */
  readonly events: number
  readonly ranks: number
  /** Ranks whose main returned. */
  readonly ranksDone: number
  /** True in the first report of the run, made before its first event (nothing simulated yet). */
  readonly started: boolean
  /** True in the last report of the run (it ended, or stopped with an error). */
  readonly ended: boolean
}

/** Told of each progress report of a run (see withProgress). */
export type ProgressListener = (progress: RunProgress) => void

const active = new AsyncLocalStorage<ProgressListener>()

/** Calls `fn`; every run() inside it reports its progress to `listener` (which must not start runs or throw). */
export async function withProgress<T>(listener: ProgressListener, fn: () => Promise<T> | T): Promise<T> {
  if (typeof listener !== 'function') throw new MpiError(ERR_ARG, 'withProgress: listener must be a function (progress) => void')
  return active.run(listener, fn)
}

/** The listener of the innermost withProgress around the caller, if any. */
export function scopedProgress(): ProgressListener | undefined {
  return active.getStore()
}
