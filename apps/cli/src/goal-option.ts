// `--goal FILE` of `spinmpi run <app>`: no app's option, so it is taken out of the app's words
// before they are tokenized (app-args.ts); the app's run then records its GOAL schedule
// (captureGoalTraces turns it on for every run() the app starts), written to FILE when it is done.

import { statSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { captureGoalTraces } from '@spinmpi/runtime'
import { UsageError } from './cli-error.js'

export interface GoalOption {
  /** The file to write, or undefined without --goal. */
  readonly file: string | undefined
  /** The other words, for the app. */
  readonly rest: string[]
}

/** Splits `--goal FILE` or `--goal=FILE` out of `argv`. */
export function takeGoalOption(argv: readonly string[]): GoalOption {
  let file: string | undefined
  const rest: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!
    if (word === '--goal' || word.startsWith('--goal=')) {
      const value = word === '--goal' ? argv[++i] : word.slice('--goal='.length)
      if (value === undefined || value === '' || value.startsWith('--')) throw new UsageError('--goal: expected a file name')
      file = value
      continue
    }
    rest.push(word)
  }
  return { file, rest }
}

/**
 * Runs `app`; with a file, writes the GOAL text of the run it started there (of the last one,
 * with a note on stderr, when it started several).
 */
export async function withGoalExport<T>(file: string | undefined, app: () => Promise<T>): Promise<T> {
  if (file === undefined) return app()
  // before the run, which may take long: a folder that is not there fails now, in one line
  const folder = dirname(resolve(file))
  if (!statSync(folder, { throwIfNoEntry: false })?.isDirectory()) throw new UsageError(`--goal ${file}: no folder ${folder}`)
  const { value, goals } = await captureGoalTraces(app)
  const last = goals[goals.length - 1]
  if (last === undefined) throw new UsageError('--goal: the app ran no simulation to export')
  if (goals.length > 1) process.stderr.write(`spinmpi: --goal: the app ran ${goals.length} simulations; writing the last\n`)
  try {
    writeFileSync(file, last)
  } catch (err) {
    throw new UsageError(`--goal ${file}: cannot write (${(err as { code?: string }).code ?? (err as Error).message})`)
  }
  process.stderr.write(`wrote ${resolve(file)} (GOAL schedule)\n`)
  return value
}
