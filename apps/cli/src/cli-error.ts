// Turns every failure into one line on stderr and a non-zero exit code: no stack traces for users.
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
      process.stderr.write(`spinmpi: ${commanderErrorLine(err, program, argv)}\n`)
      process.exitCode = 1
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

/** Every command throws instead of exiting and prints no parse error of its own (runCli does). */
function quietParseErrors(command: Command): void {
  command.exitOverride()
  command.configureOutput({ writeErr: (s) => process.stderr.write(s), outputError: () => {} })
  for (const sub of command.commands) quietParseErrors(sub)
}
