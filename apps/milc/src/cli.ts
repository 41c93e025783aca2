// `spinmpi run milc ...`: validates the options (the record the CLI tokenized from the words after
// `run milc`, camelCase keys, or typed values), runs the app and returns its report (printed as
// JSON with --json by the caller).

import { RECEIVE_CHOICES } from '@spinmpi/runtime'
import { z } from 'zod'
import { MilcOptionsError } from './grid.js'
import { toDims } from './lattice.js'
import type { MilcReport } from './report.js'
import { runMilc } from './run-milc.js'

export const MILC_CLI_USAGE =
  'spinmpi run milc --ranks P --lattice XxYxZxT [--grid XxYxZxT] [--strategy S] [--steps K] [--timing] ' +
  '[--profile NAME|FILE] [--seed N] [--reorder WINDOW] [--eager-limit BYTES] [--json]'

/** One line per option for `spinmpi run milc --help`: the option as typed, what it does, its default. */
export const MILC_CLI_OPTIONS: readonly (readonly [string, string])[] = [
  ['--ranks P', 'number of ranks (required)'],
  ['--lattice XxYxZxT', 'global lattice extents, each even, e.g. 8x8x8x8 (required)'],
  ['--grid XxYxZxT', 'ranks per dimension, their product P (default: chosen from the prime factors of P)'],
  ['--strategy S', `receive strategy of the halo receives: ${RECEIVE_CHOICES.join(', ')} (default auto)`],
  ['--steps K', 'halo exchanges and stencil steps (default 1)'],
  ['--timing', 'timing mode: no payload bytes move, only sizes and costs; verified is null (default off)'],
  ['--profile NAME|FILE', 'machine profile: a name (spinmpi profiles) or a JSON profile file (default sc19)'],
  ['--seed N', 'seed of the lattice field and of every random stream of the simulator (default 1)'],
  ['--reorder WINDOW', 'deliver the packets of each message out of order within WINDOW packets (default in order)'],
  ['--eager-limit BYTES', "largest eager message; 0 sends every face by rendezvous (default: the profile's, sc19 8 KiB)"],
  ['--json', 'print the report as one JSON object (default a table)'],
]

const int = z.coerce.number({ error: 'expected an integer' }).int({ error: 'expected an integer' })
const positive = int.min(1, { error: 'expected a positive integer' })
const extents = z.string({ error: 'expected XxYxZxT, e.g. 8x8x8x8' })
  .regex(/^\d+x\d+x\d+x\d+$/, { error: 'expected XxYxZxT, e.g. 8x8x8x8' })
  .transform((s) => toDims(s.split('x').map(Number)))
const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((s) => s === 'true')], { error: 'expected a flag' })

const CliSchema = z.strictObject({
  ranks: positive,
  lattice: extents,
  grid: extents.optional(),
  strategy: z.enum(RECEIVE_CHOICES, { error: `expected one of ${RECEIVE_CHOICES.join(', ')}` }).optional(),
  steps: positive.optional(),
  timing: flag.optional(),
  profile: z.string().optional(),
  seed: int.optional(),
  reorder: positive.optional(),
  eagerLimit: int.min(0, { error: 'expected a non-negative integer' }).optional(),
  json: flag.optional(),
})

/** The options that take no value on the command line. */
export const MILC_CLI_FLAGS = ['timing', 'json'] as const satisfies readonly (keyof z.input<typeof CliSchema>)[]

/** The flag as typed: the CLI turned `--eager-limit` into the key eagerLimit. */
function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (ch) => `-${ch.toLowerCase()}`)
}

export async function runMilcCli(args: Readonly<Record<string, unknown>>): Promise<MilcReport> {
  const r = CliSchema.safeParse(args)
  if (!r.success) {
    const issue = r.error.issues[0]!
    if (issue.code === 'unrecognized_keys') throw new MilcOptionsError(`unknown option ${issue.keys.map((k) => `--${kebab(k)}`).join(', ')} (usage: ${MILC_CLI_USAGE})`)
    const field = issue.path.length > 0 ? `--${kebab(String(issue.path[0]))}` : 'options'
    throw new MilcOptionsError(`${field}: ${issue.message}`)
  }
  const a = r.data
  return runMilc({
    ranks: a.ranks,
    lattice: a.lattice,
    ...(a.grid !== undefined ? { grid: a.grid } : {}),
    ...(a.strategy !== undefined ? { strategy: a.strategy } : {}),
    ...(a.steps !== undefined ? { steps: a.steps } : {}),
    mode: a.timing === true ? 'timing' : 'data',
    ...(a.profile !== undefined ? { profile: a.profile } : {}),
    ...(a.seed !== undefined ? { seed: a.seed } : {}),
    ...(a.reorder !== undefined ? { reorderWindow: a.reorder } : {}),
    ...(a.eagerLimit !== undefined ? { eagerLimitBytes: a.eagerLimit } : {}),
  })
}
