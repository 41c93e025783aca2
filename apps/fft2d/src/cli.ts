// `spinmpi run fft2d ...`: the command-line options of the app (the record the CLI tokenized from
// the words after `run fft2d`: strings and bare flags, coerced and validated with zod; a bad one is
// an Fft2dOptionsError naming the flag) and the JSON the command prints.

import { RECEIVE_CHOICES, SEND_STRATEGIES } from '@spinmpi/runtime'
import { z } from 'zod'
import { Fft2dOptionsError } from './options.js'
import { runFft2d, type Fft2dResult } from './run-fft2d.js'

const positive = z.coerce.number({ error: 'expected a positive integer' }).int({ error: 'expected a positive integer' })
  .min(1, { error: 'expected a positive integer' })

export const FFT2D_CLI_USAGE =
  'spinmpi run fft2d [--ranks P] [--n N] [--strategy S] [--send S] [--timing] [--profile NAME|FILE] [--seed N] [--reorder WINDOW] [--json]'

/** One line per option for `spinmpi run fft2d --help`: the option as typed, what it does, its default. */
export const FFT2D_CLI_OPTIONS: readonly (readonly [string, string])[] = [
  ['--ranks P', 'number of ranks; N must be a multiple of P (default 4)'],
  ['--n N', 'the matrix is N x N complex numbers; up to 8192 in data mode (default 64)'],
  ['--strategy S', `receive strategy of the transpose: ${RECEIVE_CHOICES.join(', ')} (default auto)`],
  ['--send S', `send strategy of the transpose: ${SEND_STRATEGIES.join(', ')} (default host)`],
  ['--timing', 'timing mode: no payload bytes move, only sizes and costs; verified is null (default off)'],
  ['--profile NAME|FILE', 'machine profile: a name (spinmpi profiles) or a JSON profile file (default sc19)'],
  ['--seed N', 'seed of the input matrix and of every random stream of the simulator (default 1)'],
  ['--reorder WINDOW', 'deliver the packets of each message out of order within WINDOW packets (default in order)'],
  ['--json', 'print the report as one JSON object (default a table)'],
]

const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((s) => s === 'true')], { error: 'expected a flag' })

export const fft2dCliSchema = z.strictObject({
  ranks: positive.default(4),
  n: positive.default(64),
  strategy: z.enum(RECEIVE_CHOICES, { error: `expected one of ${RECEIVE_CHOICES.join(', ')}` }).default('auto'),
  send: z.enum(SEND_STRATEGIES, { error: `expected one of ${SEND_STRATEGIES.join(', ')}` }).default('host'),
  timing: flag.default(false),
  profile: z.string().min(1, { error: 'expected a profile name' }).default('sc19'),
  seed: z.coerce.number({ error: 'expected an integer' }).int({ error: 'expected an integer' }).default(1),
  reorder: positive.optional(),
  json: flag.optional(),
})

export type Fft2dCliArgs = z.input<typeof fft2dCliSchema>

/** The options that take no value on the command line. */
export const FFT2D_CLI_FLAGS = ['timing', 'json'] as const satisfies readonly (keyof Fft2dCliArgs)[]

export type Fft2dCliOutput = { readonly app: 'fft2d' } & Fft2dResult

/**
 * Runs the app from its options (camelCase name to value, e.g. {ranks: '4', timing: true}: what
 * the CLI made of the words after `run fft2d`, or typed values); returns the object `--json` prints.
 */
export async function runFft2dCli(args: Fft2dCliArgs | Readonly<Record<string, unknown>>): Promise<Fft2dCliOutput> {
  const parsed = fft2dCliSchema.safeParse(args)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    if (issue.code === 'unrecognized_keys') throw new Fft2dOptionsError(`unknown option ${flagName(issue.keys[0]!)} (usage: ${FFT2D_CLI_USAGE})`)
    throw new Fft2dOptionsError(`${issue.path.length > 0 ? flagName(String(issue.path[0])) : 'options'}: ${issue.message}`)
  }
  const a = parsed.data
  try {
    const result = await runFft2d({
      n: a.n, ranks: a.ranks, strategy: a.strategy, send: a.send, mode: a.timing ? 'timing' : 'data', profile: a.profile, seed: a.seed,
      ...(a.reorder !== undefined ? { reorder: { window: a.reorder } } : {}),
    })
    return { app: 'fft2d', ...result }
  } catch (e) {
    // Cross-field checks (n a multiple of ranks, data-mode size) name the option as a flag.
    if (e instanceof Fft2dOptionsError) throw new Fft2dOptionsError(e.message.replace(/^fft2d: (\w+):/, '--$1:'))
    throw e
  }
}

/** The flag as typed: the CLI turned `--colour-x` into the key colourX. */
function flagName(key: string): string {
  return `--${key.replace(/[A-Z]/g, (ch) => `-${ch.toLowerCase()}`)}`
}
