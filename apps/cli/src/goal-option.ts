// `--goal FILE` of `spinmpi run <app>`: no app's option, so it is taken out of the app's words
// before they are tokenized (app-args.ts); the app's run then records its GOAL schedule
// (captureLastGoalTrace turns it on for every run() the app starts), written to FILE when it is
// done: streamed chunk by chunk from the recorder, so the text (hundreds of MB at 1024 ranks) is
// never one string in memory.

import { closeSync, openSync, statSync, writeSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { captureLastGoalTrace, type GoalTextSource } from '@spinmpi/runtime/internal'
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
  const { value, runs, last } = await captureLastGoalTrace(app)
  if (last === undefined) throw new UsageError('--goal: the app ran no simulation to export')
  if (runs > 1) process.stderr.write(`spinmpi: --goal: the app ran ${runs} simulations; writing the last\n`)
  writeGoalFile(file, last)
  process.stderr.write(`wrote ${resolve(file)} (GOAL schedule)\n`)
  return value
}

/** Writes the schedule's GOAL text to `file` as it is produced. */
function writeGoalFile(file: string, goal: GoalTextSource): void {
  let fd: number | undefined
  try {
    fd = openSync(file, 'w')
    const out = fd
    goal.writeGoalText((chunk) => writeAll(out, Buffer.from(chunk)))
  } catch (err) {
    // only the file's errors are the user's to fix; anything else is a bug and keeps its stack
    if (typeof (err as { code?: unknown }).code !== 'string') throw err
    throw new UsageError(`--goal ${file}: cannot write (${(err as { code: string }).code})`)
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
}

/** writeSync may write less than asked (as writeFileSync knows): write the rest. */
function writeAll(fd: number, bytes: Buffer): void {
  for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at, bytes.length - at)
}
