// `spinmpi run FILE|APP [options]`: runs the user's own program (a .ts/.mts/.mjs/.js file; see
// launch/) or one of the built-in applications on the simulated cluster. For an app, the words
// after its name are tokenized here (app-args.ts, told which of the app's options are bare flags);
// each app owns its option names, their validation and its run: a handler in the app's package
// takes the record and returns the report; this file dispatches by name and prints it (JSON with
// --json, else a field/value table). `spinmpi run APP --help` lists that app's options only.
//   spinmpi run ./app.ts --ranks 4 [--profile NAME|FILE] [--set path=value] [--timing] [--time-limit 10ms] [--json] [-- args]
//   spinmpi run fft2d --ranks 8 --n 512 --strategy rw-cp [--timing] [--profile NAME|FILE] [--seed S] [--json]
//   spinmpi run milc --ranks 4 --lattice 8x8x8x8 [--strategy S] [--timing] [--json]
import type { Command } from 'commander'
import { TimeLimitError } from '@spinmpi/runtime'
import { appArgs, type AppArgs, type AppArgsSpec } from '../app-args.js'
import { UsageError } from '../cli-error.js'
import { takeGoalOption, withGoalExport } from '../goal-option.js'
import { formatCell, formatTable } from '../table.js'
import { SET_HELP, takeProfileOptions } from '../profile-option.js'
import { FAULT_SEED_HELP, takeFaultOptions, withFaultCounts } from '../fault-option.js'
import { formatOptions, type OptionHelp } from '../option-help.js'
import { looksLikeProgram } from '../launch/load-program.js'
import { PROGRAM_USAGE } from '../launch/program-options.js'
import { ProgramError, runProgram } from '../launch/run-program.js'
import { takeTimeLimitOption, TIME_LIMIT_HELP, withTimeLimitOption } from '../time-limit-option.js'
import { PROGRESS_HELP, takeProgressOption, withProgressLine } from '../progress-line.js'

interface AppCli extends AppArgsSpec {
  /** One line on what the app does, for its --help. */
  readonly about: string
  /** The app's own options with their descriptions and defaults, for its --help. */
  readonly options: readonly OptionHelp[]
  /** Validates the tokenized options (an *OptionsError names a bad flag) and runs. */
  run(args: AppArgs): Promise<object>
  /** Rows of a second text table, for reports with more than field/value pairs. */
  readonly rows?: (out: object) => readonly Record<string, unknown>[]
}

// Each app's package is imported only when that app is named (ddtbench's pulls in every figure of
// @spinmpi/micro), so `run FILE` and one app's --help load no other app.
const APPS: Record<string, () => Promise<AppCli>> = {
  fft2d: async () => {
    const m = await import('@spinmpi/fft2d')
    return {
      usage: m.FFT2D_CLI_USAGE, options: m.FFT2D_CLI_OPTIONS, flags: m.FFT2D_CLI_FLAGS, run: m.runFft2dCli,
      about: 'a distributed 2-D FFT of an n x n complex matrix: row FFTs, a transpose by alltoall of derived datatypes, row FFTs',
    }
  },
  milc: async () => {
    const m = await import('@spinmpi/milc')
    return {
      usage: m.MILC_CLI_USAGE, options: m.MILC_CLI_OPTIONS, flags: m.MILC_CLI_FLAGS, run: m.runMilcCli,
      about: "MILC's 4-D lattice halo exchange of SU(3) matrices with non-contiguous faces, checked against a serial stencil",
    }
  },
  ddtbench: async () => {
    const m = await import('@spinmpi/micro')
    return {
      usage: m.DDTBENCH_CLI_USAGE, options: m.DDTBENCH_CLI_OPTIONS, flags: m.DDTBENCH_CLI_FLAGS, run: m.runDdtbenchCli, rows: m.ddtbenchTextRows,
      about: 'the DDTBench (+COMB, SW4lite) datatypes: message bytes, blocks, γ and the processing time of each receive strategy',
    }
  },
}

const names = Object.keys(APPS)

export function registerRun(program: Command): void {
  // `run FILE ...` hands every later word (-- included) to the launcher: positional parsing on the
  // parent is what commander needs for passThroughOptions below.
  program.enablePositionalOptions()
  program
    .command('run')
    .description(`run your own program (a .ts, .mts, .mjs or .js file) or a built-in app (${names.join(', ')}) on the simulated cluster; ` +
      "'spinmpi run FILE --help' or 'spinmpi run APP --help' lists its options")
    .argument('[program]', `a program file, or one of ${names.join(', ')}`)
    .argument('[options...]', 'the options of the program or app, then -- and the program\'s own arguments')
    .allowUnknownOption()
    .passThroughOptions()
    .helpOption(false)
    .action(async (target: string | undefined, argv: string[]) => {
      // no program: a usage error as `spinmpi bench` without its name (help only when asked)
      if (target === undefined) throw new UsageError(`missing the program file or app (${names.join(', ')}); 'spinmpi run --help' lists the usage`)
      if (target === '--help' || target === '-h') {
        process.stdout.write(await runHelp())
        return
      }
      const loadApp = Object.hasOwn(APPS, target) ? APPS[target] : undefined
      if (loadApp === undefined) {
        // mpirun's order (`mpirun -n 4 ./app`): say where the options go
        if (target.startsWith('-')) {
          throw new UsageError(`${target}: the program file or app comes first, then its options, e.g. spinmpi run ./app.ts --ranks 4`)
        }
        if (!looksLikeProgram(target)) {
          throw new UsageError(`${target}: expected a program file (.ts, .mts, .mjs, .js) or one of ${names.join(', ')}`)
        }
        await runProgram(target, argv)
        return
      }
      const app = await loadApp()
      if (argv.includes('--help') || argv.includes('-h')) {
        process.stdout.write(appHelp(target, app))
        return
      }
      await runBuiltIn(app, argv)
    })
}

async function runBuiltIn(cli: AppCli, argv: readonly string[]): Promise<void> {
  const goal = takeGoalOption(argv)
  const faulted = takeFaultOptions(goal.rest)
  const limit = takeTimeLimitOption(faulted.rest)
  const progress = takeProgressOption(limit.rest)
  const args = appArgs(takeProfileOptions(progress.rest), { usage: appUsage(cli), flags: cli.flags, names: optionNames(cli) })
  const out = await withGoalExport(goal.file, () => withFaultCounts(faulted.faults, () => withTimeLimitOption(limit.ns, () =>
    withProgressLine(progress.forced, () => runApp(cli, args)))))
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
}

async function runApp(app: AppCli, args: AppArgs): Promise<object> {
  try {
    return await app.run(args)
  } catch (e) {
    // Apps report bad options with an error named *OptionsError: a one-line usage error here.
    if (e instanceof Error && e.name.endsWith('OptionsError')) throw new UsageError(e.message)
    if (e instanceof TimeLimitError) throw new ProgramError(e.message, { cause: e })
    throw e
  }
}

async function runHelp(): Promise<string> {
  const apps = await Promise.all(names.map((n) => APPS[n]!()))
  return [
    'Usage: spinmpi run FILE|APP [options]',
    '',
    'Runs your own program or a built-in app on the simulated cluster.',
    '',
    `  ${PROGRAM_USAGE}`,
    // each app's whole usage, the options every app takes included (as its own --help shows it)
    ...apps.map((app) => `  ${appUsage(app)}`),
    '',
    "'spinmpi run FILE --help' and 'spinmpi run APP --help' list the options of one.",
    '',
  ].join('\n')
}

/** Options every app takes, handled here before the app sees its words. */
const SHARED_APP_OPTIONS: readonly OptionHelp[] = [
  ['--set path=value', SET_HELP],
  ['--goal FILE', 'also write the run as a GOAL schedule to FILE (default none)'],
  ['--faults SPEC', 'inject faults into every simulation, e.g. loss=0.01,dup=0.005,nicmem=64KiB; docs/faults.md (default none)'],
  ['--fault-seed N', FAULT_SEED_HELP],
  ['--time-limit DURATION', `${TIME_LIMIT_HELP}, in every simulation the app runs (default none)`],
  ['--progress', `${PROGRESS_HELP} (default off)`],
]

/** An app's usage line with the options every app takes. */
function appUsage(app: AppCli): string {
  return `${app.usage} [--set path=value]... [--goal FILE] [--faults SPEC] [--fault-seed N] [--time-limit DURATION] [--progress]`
}

/** The option names an app takes, as typed ('eager-limit'), its own and those every app takes. */
function optionNames(app: AppCli): string[] {
  return [...app.options, ...SHARED_APP_OPTIONS].map(([o]) => o.split(' ')[0]!.slice(2))
}

/** The help of one app: its usage line, what it does and its options, then those every app takes. */
export function appHelp(name: string, app: AppCli): string {
  return [
    `Usage: ${appUsage(app)}`,
    '',
    `${name}: ${app.about}.`,
    '',
    'Options:',
    ...formatOptions([...app.options, ...SHARED_APP_OPTIONS]),
    '',
  ].join('\n')
}
