// Worker thread of `spinmpi bench --jobs N`: runs whole figures by name, exactly as the
// in-process path does, and returns their results (with the wall time it took, for display).

import { findFigure, type FigureResult } from '@spinmpi/micro'
import { registerProfile, type Profile } from '@spinmpi/nic'
import { serveTasks } from './serve-tasks.js'

export interface BenchTask {
  readonly name: string
  readonly profile: string | undefined
  readonly quick: boolean
  /** A profile from the command line (file or --set), registered under `profile` in this worker too. */
  readonly custom?: Profile
}

export interface BenchOutcome {
  readonly result: FigureResult
  readonly wallSeconds: number
}

serveTasks<BenchTask, BenchOutcome>(async (task, onProgress) => {
  const figure = findFigure(task.name)
  if (!figure) throw new Error(`unknown figure "${task.name}"`)
  if (task.custom !== undefined) registerProfile(task.custom, 'from the command line')
  const started = performance.now()
  const result = await figure.run({ profile: task.profile, quick: task.quick, onProgress })
  return { result, wallSeconds: (performance.now() - started) / 1000 }
})
