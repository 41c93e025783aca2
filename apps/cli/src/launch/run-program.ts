// `spinmpi run FILE [options] [-- args]`: loads the user's program, runs it on the simulated
// cluster with run(), and prints the run summary (run-summary.ts). A rank that throws, a deadlock
// or a passed --time-limit ends the command with one line naming the ranks and what they were
// doing, and exit code 1.

import { DeadlockError, isMpiError, RankError, run, TimeLimitError, type RunResult } from '@spinmpi/runtime'
import { UsageError } from '../cli-error.js'
import { withGoalExport } from '../goal-option.js'
import { loadProfile } from '../profile-option.js'
import { deadlockLine } from './deadlock-line.js'
import { loadProgram } from './load-program.js'
import { programFrame } from './program-frame.js'
import { reportingUnawaited } from './unawaited.js'
import { parseProgramOptions, PROGRAM_OPTION_HELP, PROGRAM_USAGE } from './program-options.js'
import { summarize, summaryText } from './run-summary.js'
import { parseFaultOptions } from '../fault-option.js'
import { formatOptions } from '../option-help.js'
import { withProgressLine } from '../progress-line.js'

/** An error raised inside one rank of the user's program: reported as one line, exit 1. */
export class ProgramError extends UsageError {
  override readonly name: string = 'ProgramError'
}

export async function runProgram(file: string, words: readonly string[]): Promise<void> {
  const o = parseProgramOptions(words)
  if (o.help) {
    process.stdout.write(programHelp())
    return
  }
  const faults = parseFaultOptions(o.faults, o.faultSeed)
  const profile = loadProfile(o.profile, o.set)
  const main = await loadProgram(file)
  const mode = o.timing ? 'timing' : 'data'
  let result: RunResult<unknown>
  try {
    result = await reportingUnawaited(() => withGoalExport(o.goal, () => withProgressLine(o.progress, () => run({
      ranks: o.ranks, profile, seed: o.seed, mode, strategy: o.strategy, send: o.send,
      ...(o.reorder === undefined ? {} : { reorder: { window: o.reorder } }),
      ...(faults === undefined ? {} : { faults }),
      ...(o.timeLimit === undefined ? {} : { timeLimitNs: o.timeLimit }),
    }, (comm) => main(comm, [...o.args])))), o.json)
  } catch (err) {
    // (the cause tells --json's error object which failure it was)
    if (err instanceof RankError) throw new ProgramError(rankErrorLine(err), { cause: err })
    if (err instanceof DeadlockError) throw new ProgramError(deadlockLine(err, profile.network.eagerLimitBytes), { cause: err })
    if (err instanceof TimeLimitError) throw new ProgramError(err.message, { cause: err })
    if (err instanceof UsageError) throw err
    throw err
  }
  const summary = summarize({ program: file, ranks: o.ranks, mode, strategy: o.strategy, send: o.send, seed: o.seed, ...(faults === undefined ? {} : { faults }) }, result)
  process.stdout.write(o.json ? `${JSON.stringify(summary)}\n` : summaryText(summary))
}

/** The rank's error in one line; the program's own errors (not MpiErrors) with where they were thrown. */
function rankErrorLine(err: RankError): string {
  const line = firstLine(err.message)
  if (isMpiError(err.cause)) return line
  const at = programFrame(err.cause)
  return at === undefined ? line : `${line} (at ${at})`
}

function firstLine(s: string): string {
  return s.split('\n')[0]!
}

export function programHelp(): string {
  return [
    `Usage: ${PROGRAM_USAGE}`,
    '',
    'Runs FILE (.ts, .mts, .mjs or .js) on P simulated ranks. FILE default-exports (or exports as main)',
    'async (comm, args) => result; every rank calls it with its own communicator.',
    '',
    'Options:',
    ...formatOptions(PROGRAM_OPTION_HELP),
    '',
  ].join('\n')
}
