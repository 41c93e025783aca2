// Turns every failure into one line on stderr and a non-zero exit code: no stack traces for users.
// A command given --json also gets the failure on stdout, as one JSON object, so a script that
// parses what the command prints finds out why it printed no result.
import type { Command } from 'commander'
import { CommanderError } from 'commander'
import { commanderErrorLine } from './commander-error.js'
import { EXIT_CLOSED_PIPE, isClosedPipe } from './output.js'

/** An error the user caused (bad option, bad file); printed as one line, exit code 1. */
export class UsageError extends Error {
  override readonly name: string = 'UsageError'
}

export async function runCli(program: Command, argv: string[]): Promise<void> {
  quietParseErrors(program)
  try {
    await program.parseAsync(argv)
  } catch (err) {
    if (err instanceof CommanderError) {
      // help and version (exit 0) are printed already, and so is the help of a command named
      // without its subcommand (exit 1); a parse error is printed here, as one line
      if (err.exitCode === 0 || err.code === 'commander.help') {
        process.exitCode = err.exitCode
        return
      }
      const line = commanderErrorLine(err, program, argv)
      process.stderr.write(`spinmpi: ${line}\n`)
      if (asksForJson(argv)) writeJsonError({ name: 'UsageError', message: line })
      process.exitCode = 1
      return
    }
    if (isClosedPipe(err)) process.exit(EXIT_CLOSED_PIPE) // the reader of stdout went away (| head)
    const message = (err instanceof Error ? err.message : String(err)).split('\n')[0]!
    const named = err instanceof Error && err.name !== 'Error' && !(err instanceof UsageError)
    process.stderr.write(`spinmpi: ${named ? `${(err as Error).name}: ` : ''}${message}\n`)
    if (process.env.DEBUG) process.stderr.write(`${err instanceof Error ? err.stack : ''}\n`)
    if (asksForJson(argv)) writeJsonError(jsonError(err, message))
    process.exitCode = 1
  }
}

/** A failure as --json prints it: `{"error": {name, message[, errorClass][, rank]}}`. */
export interface JsonError {
  readonly name: string
  /** The line printed on stderr, without `spinmpi: ` and the error's name. */
  readonly message: string
  /** The MPI error class of an MpiError (ERR_TRUNCATE, ERR_RANK, ...). */
  readonly errorClass?: string
  /** The rank whose program failed (a RankError). */
  readonly rank?: number
}

export function jsonError(err: unknown, message: string): JsonError {
  if (!(err instanceof Error)) return { name: 'Error', message }
  // A usage line made from the runtime's error (run's ProgramError) carries it as its cause: that one is named.
  const what = err instanceof UsageError && err.cause instanceof Error ? err.cause : err
  const { errorClass, rank } = what as { errorClass?: unknown; rank?: unknown }
  return {
    name: what.name,
    message,
    ...(typeof errorClass === 'string' ? { errorClass } : {}),
    ...(typeof rank === 'number' ? { rank } : {}),
  }
}

/** Prints `{"error": error}` on stdout, as --json asks (nothing when stdout is gone). */
export function writeJsonError(error: JsonError): void {
  try {
    process.stdout.write(`${JSON.stringify({ error })}\n`)
  } catch {
    // stdout is gone: the line on stderr has said it
  }
}

/** Whether the command line asks for --json (a program's own words, after `--`, do not count). */
export function asksForJson(argv: readonly string[]): boolean {
  const end = argv.indexOf('--')
  return (end < 0 ? argv : argv.slice(0, end)).includes('--json')
}

/** Every command throws instead of exiting and prints no parse error of its own (runCli does). */
function quietParseErrors(command: Command): void {
  command.exitOverride()
  command.configureOutput({ writeErr: (s) => process.stderr.write(s), outputError: () => {} })
  for (const sub of command.commands) quietParseErrors(sub)
}
