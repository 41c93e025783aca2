// `spinmpi run <app> [options]`: runs one application on the simulated cluster. The words after the
// app name are tokenized here (app-args.ts, told which of the app's options are bare flags); each
// app owns its option names, their validation and its run: a handler in the app's package takes
// the record and returns the report; this file dispatches by name and prints it (JSON with --json,
// else a field/value table). One line per app in APPS.
//   spinmpi run fft2d --ranks 8 --n 512 --strategy rw-cp [--timing] [--profile P] [--seed S] [--json]
//   spinmpi run milc --ranks 4 --lattice 8x8x8x8 [--strategy S] [--timing] [--json]
import type { Command } from 'commander'
import { z } from 'zod'
import { FFT2D_CLI_FLAGS, FFT2D_CLI_USAGE, runFft2dCli } from '@spinmpi/fft2d'
import { MILC_CLI_FLAGS, MILC_CLI_USAGE, runMilcCli } from '@spinmpi/milc'
import { DDTBENCH_CLI_FLAGS, DDTBENCH_CLI_USAGE, ddtbenchTextRows, runDdtbenchCli } from '@spinmpi/micro'
import { appArgs, type AppArgs, type AppArgsSpec } from '../app-args.js'
import { UsageError } from '../cli-error.js'
import { parseOptions } from '../options.js'
import { takeGoalOption, withGoalExport } from '../goal-option.js'
import { formatCell, formatTable } from '../table.js'

interface AppCli extends AppArgsSpec {
  /** Validates the tokenized options (an *OptionsError names a bad flag) and runs. */
  run(args: AppArgs): Promise<object>
  /** Rows of a second text table, for reports with more than field/value pairs. */
  readonly rows?: (out: object) => readonly Record<string, unknown>[]
}

const APPS: Record<string, AppCli> = {
  fft2d: { usage: FFT2D_CLI_USAGE, flags: FFT2D_CLI_FLAGS, run: runFft2dCli },
  milc: { usage: MILC_CLI_USAGE, flags: MILC_CLI_FLAGS, run: runMilcCli },
  ddtbench: { usage: DDTBENCH_CLI_USAGE, flags: DDTBENCH_CLI_FLAGS, run: runDdtbenchCli, rows: ddtbenchTextRows },
}

const names = Object.keys(APPS)
const RunArgs = z.object({
  app: z.enum(names as [string, ...string[]], { error: `expected one of ${names.join(', ')}` }),
})

export function registerRun(program: Command): void {
  program
    .command('run')
    .description(`run an application on the simulated cluster (${names.join(', ')}); options per app:\n` +
      names.map((n) => `  ${APPS[n]!.usage}`).join('\n'))
    .argument('<app>', `application: ${names.join(', ')}`)
    .argument('[options...]', "the app's options, e.g. --ranks 8 --n 512 --strategy rw-cp --json; any app: --goal FILE writes the run as a GOAL schedule")
    .allowUnknownOption()
    .helpOption('-h, --help', 'show the options of every app')
    .action(async (app: string, argv: string[]) => {
      const o = parseOptions(RunArgs, { app })
      const cli = APPS[o.app]!
      const goal = takeGoalOption(argv)
      const args = appArgs(goal.rest, cli)
      const out = await withGoalExport(goal.file, () => runApp(cli, args))
      // the app accepted the value, so a string here is 'true' or 'false'
      if (args.json === true || args.json === 'true') {
        process.stdout.write(`${JSON.stringify(out)}\n`)
        return
      }
      const rows = Object.entries(out)
        .filter(([, v]) => v === null || typeof v !== 'object')
        .map(([field, value]) => ({ field, value: value === null ? 'null' : formatCell(value, field) }))
      process.stdout.write(`${formatTable(rows)}\n`)
      const detail = cli.rows?.(out)
      if (detail !== undefined) process.stdout.write(`\n${formatTable(detail)}\n`)
    })
}

async function runApp(app: AppCli, args: AppArgs): Promise<object> {
  try {
    return await app.run(args)
  } catch (e) {
    // Apps report bad options with an error named *OptionsError: a one-line usage error here.
    if (e instanceof Error && e.name.endsWith('OptionsError')) throw new UsageError(e.message)
    throw e
  }
}
