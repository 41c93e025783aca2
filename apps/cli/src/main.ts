#!/usr/bin/env node
// The spinmpi command line: one file per command under commands/, registered here.
import { readFileSync } from 'node:fs'
import { Command } from 'commander'
import { runCli } from './cli-error.js'
import { quietOnClosedPipe } from './output.js'
import { registerBench } from './commands/bench.js'
import { registerTypemap } from './commands/typemap.js'
import { registerGoal } from './commands/goal.js'
import { registerProfiles } from './commands/profiles.js'
import { registerUnpack } from './commands/unpack.js'
import { registerCompare } from './commands/compare.js'
import { registerRun } from './commands/run.js'

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

// Commands register themselves on `program` (one file each under commands/).
registerTypemap(program)
registerBench(program)
registerGoal(program)
registerProfiles(program)
registerUnpack(program)
registerCompare(program)
registerRun(program)

await runCli(program, process.argv)
