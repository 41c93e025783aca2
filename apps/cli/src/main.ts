#!/usr/bin/env node
// The spinmpi command line: one file per command under commands/, registered here.
import { readFileSync } from 'node:fs'
import type { Command as CommandType } from 'commander'
import { Command } from 'commander'
import { runCli } from './cli-error.js'
import { quietOnClosedPipe } from './output.js'

type Register = (program: CommandType) => void

// Each command's module is loaded only when that command runs (a command pulls in the packages
// it needs: bench loads every figure, run the apps). Help, no command or an unknown word loads
// them all, so the help lists every command.
const commands: Record<string, () => Promise<Register>> = {
  typemap: async () => (await import('./commands/typemap.js')).registerTypemap,
  bench: async () => (await import('./commands/bench.js')).registerBench,
  goal: async () => (await import('./commands/goal.js')).registerGoal,
  profiles: async () => (await import('./commands/profiles.js')).registerProfiles,
  unpack: async () => (await import('./commands/unpack.js')).registerUnpack,
  compare: async () => (await import('./commands/compare.js')).registerCompare,
  run: async () => (await import('./commands/run.js')).registerRun,
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

const word = process.argv[2]
const wanted = word !== undefined && Object.hasOwn(commands, word) ? [word] : Object.keys(commands)
for (const register of await Promise.all(wanted.map((name) => commands[name]!()))) register(program)

await runCli(program, process.argv)
