// Turns every failure into one line on stderr and a non-zero exit code: no stack traces for users.
import type { Command } from 'commander'
import { CommanderError } from 'commander'
import { EXIT_CLOSED_PIPE, isClosedPipe } from './output.js'

/** An error the user caused (bad option, bad file); printed as one line, exit code 1. */
export class UsageError extends Error {
  override readonly name: string = 'UsageError'
}

export async function runCli(program: Command, argv: string[]): Promise<void> {
  program.exitOverride()
  program.configureOutput({ writeErr: (s) => process.stderr.write(s) })
  try {
    await program.parseAsync(argv)
  } catch (err) {
    if (err instanceof CommanderError) {
      // help and version exit 0; commander has already printed its own one-line message
      process.exitCode = err.exitCode
      return
    }
    if (isClosedPipe(err)) process.exit(EXIT_CLOSED_PIPE) // the reader of stdout went away (| head)
    const message = err instanceof Error ? err.message : String(err)
    const name = err instanceof Error && err.name !== 'Error' && !(err instanceof UsageError) ? `${err.name}: ` : ''
    process.stderr.write(`spinmpi: ${name}${message.split('\n')[0]}\n`)
    if (process.env.DEBUG) process.stderr.write(`${err instanceof Error ? err.stack : ''}\n`)
    process.exitCode = 1
  }
}
