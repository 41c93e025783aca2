#!/usr/bin/env node
// The spinmpi command line: one file per command under commands/, registered here.
import { readFileSync } from 'node:fs'
import type { Command as CommandType } from 'commander'
import { Command } from 'commander'
import { runCli } from './cli-error.js'
import { quietOnClosedPipe } from './output.js'

type Register = (program: CommandType) => void

interface CommandEntry {
  /** Loads the command's module, which registers the command with its options and action. */
  readonly load: () => Promise<Register>
  /** Its line in `spinmpi --help`: the arguments and a summary (the module's own help has more). */
  readonly args: string
  readonly summary: string
}

// Each command's module is loaded only when that command runs (bench loads every figure, run the
// apps). The overview (`--help`, no command, an unknown word, `--version`) needs none of them: it
// lists the summaries below; `spinmpi COMMAND --help` and `spinmpi help COMMAND` load the one.
const commands: Record<string, CommandEntry> = {
  typemap: { load: async () => (await import('./commands/typemap.js')).registerTypemap, args: '[options]', summary: 'print the bounds, sizes and contiguous runs of a datatype given as JSON' },
  bench: { load: async () => (await import('./commands/bench.js')).registerBench, args: '[options] <name> [dirs...]', summary: "run a figure or benchmark, all of them with a report, the speed suites (perf) or many ranks (scale); 'spinmpi bench --help' lists the figures" },
  goal: { load: async () => (await import('./commands/goal.js')).registerGoal, args: '', summary: 'GOAL schedules (LogGOPSim format) on the LogGOPS message-level model' },
  profiles: { load: async () => (await import('./commands/profiles.js')).registerProfiles, args: '[options] [name]', summary: 'list the machine profiles, or show one with the source of every value' },
  unpack: { load: async () => (await import('./commands/unpack.js')).registerUnpack, args: '[options]', summary: 'receive one message of a datatype through one unpack strategy and verify the bytes' },
  compare: { load: async () => (await import('./commands/compare.js')).registerCompare, args: '[options]', summary: 'receive the same message through every unpack strategy; table with the winner and the model' },
  run: { load: async () => (await import('./commands/run.js')).registerRun, args: '[program] [options...]', summary: "run your own program (a .ts, .mts, .mjs or .js file) or a built-in app (fft2d, milc, ddtbench) on the simulated cluster; 'spinmpi run FILE --help' or 'spinmpi run APP --help' lists its options" },
}

// The version users see is the CLI package's own (package.json ships beside dist/).
const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }

quietOnClosedPipe()

const program = new Command()
program
  .name('spinmpi')
  .description('MPI-style programs and derived datatypes on simulated sPIN network cards')
  .version(version, '-V, --version', 'print the version of spinmpi')
  .showHelpAfterError(false)
  .exitOverride() // before commands are added, so subcommands inherit it

const word = process.argv[2] === 'help' ? process.argv[3] : process.argv[2]
if (word !== undefined && Object.hasOwn(commands, word)) {
  const register = await commands[word]!.load()
  register(program)
} else {
  // the overview: a stand-in per command, never run (a command word loads the real one above)
  for (const [name, entry] of Object.entries(commands)) program.command(`${name} ${entry.args}`.trim()).description(entry.summary)
}

// `help WORD` for a word that is no command: the unknown-command error, not the overview on stderr
const argv = process.argv[2] === 'help' && word !== undefined && !Object.hasOwn(commands, word) ? [...process.argv.slice(0, 2), word] : process.argv
await runCli(program, argv)
