// The words after `spinmpi run ./app.ts`: the launcher's options, then `--` and the program's own
// arguments (handed to it untouched). Validated with zod; a bad one is a one-line UsageError.

import { z } from 'zod'
import { closest } from '@spinmpi/nic/internal'
import { RECEIVE_CHOICES, SEND_STRATEGIES } from '@spinmpi/runtime'
import { UsageError } from '../cli-error.js'
import { camelCase } from '../app-args.js'
import { parseOptions } from '../options.js'
import type { OptionHelp } from '../option-help.js'
import { TIME_LIMIT_HELP, TimeLimitText } from '../time-limit-option.js'
import { PROGRESS_HELP } from '../progress-line.js'

export const PROGRAM_USAGE =
  'spinmpi run FILE [--ranks P] [--profile NAME|FILE] [--set path=value]... [--strategy S] [--send S] [--seed N] ' +
  '[--timing] [--reorder WINDOW] [--faults SPEC] [--fault-seed N] [--time-limit DURATION] [--progress] [--json] [--goal FILE] [-- ARGS...]'

/** One line per option for `spinmpi run FILE --help`. */
export const PROGRAM_OPTION_HELP: readonly OptionHelp[] = [
  ['--ranks P', 'number of ranks (default 4)'],
  ['--profile NAME|FILE', 'machine profile: a name (spinmpi profiles) or a JSON profile file (default sc19)'],
  ['--set path=value', 'override a profile value, e.g. --set nic.hpus=8 (repeatable)'],
  ['--strategy S', `receive strategy of non-contiguous receives: ${RECEIVE_CHOICES.join(', ')} (default auto)`],
  ['--send S', `send strategy of non-contiguous sends: ${SEND_STRATEGIES.join(', ')} (default host)`],
  ['--seed N', 'seed of every random stream of the simulator (default 1)'],
  ['--timing', 'timing mode: no payload bytes move (buffers are not filled), only sizes and costs'],
  ['--reorder WINDOW', 'deliver the packets of each message out of order within WINDOW packets (default in order)'],
  ['--faults SPEC', 'inject faults, e.g. loss=0.01,dup=0.005,nicmem=64KiB,rto=2us (docs/faults.md)'],
  ['--fault-seed N', 'seed of the fault draws (default: --seed)'],
  ['--time-limit DURATION', `${TIME_LIMIT_HELP} (default none)`],
  ['--progress', `${PROGRESS_HELP} (default off)`],
  ['--json', 'print the run summary as one JSON object (default tables)'],
  ['--goal FILE', 'also write the run as a GOAL schedule to FILE'],
  ['-- ARGS...', "the program's own arguments (its second parameter, a string array)"],
]

const positiveInt = z.coerce.number({ error: 'expected a positive integer' }).int('expected a positive integer')
  .positive('expected a positive integer')

const FLAGS = new Set(['timing', 'json', 'help', 'progress'])

const ProgramOptions = z.strictObject({
  ranks: positiveInt.max(1 << 20, 'at most 1048576 ranks').default(4),
  profile: z.string().min(1, 'expected a profile name or file').optional(),
  set: z.array(z.string()).default([]),
  strategy: z.enum(RECEIVE_CHOICES, { error: `expected one of ${RECEIVE_CHOICES.join(', ')}` }).default('auto'),
  send: z.enum(SEND_STRATEGIES, { error: `expected one of ${SEND_STRATEGIES.join(', ')}` }).default('host'),
  seed: z.coerce.number({ error: 'expected an integer' }).int('expected an integer').default(1),
  timing: z.boolean().default(false),
  reorder: positiveInt.optional(),
  faults: z.string().optional(),
  faultSeed: z.string().optional(),
  timeLimit: TimeLimitText.optional(),
  progress: z.boolean().default(false),
  json: z.boolean().default(false),
  goal: z.string().min(1, 'expected a file name').optional(),
  help: z.boolean().default(false),
})

/** The options as typed (kebab-case), for "did you mean". */
const OPTION_NAMES = Object.keys(ProgramOptions.shape).map((k) => k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`))

/** How mpirun, mpiexec and srun users spell the rank count (-n 4, -np 4, --ntasks 4). */
const RANK_COUNT_WORDS = new Set(['n', 'np', 'ntasks', 'nranks', 'nprocs', 'procs'])

export type ProgramOptions = z.infer<typeof ProgramOptions> & { readonly args: readonly string[] }

export function parseProgramOptions(words: readonly string[]): ProgramOptions {
  const end = words.indexOf('--')
  const own = end < 0 ? words : words.slice(0, end)
  const args = end < 0 ? [] : words.slice(end + 1)
  const raw: Record<string, unknown> = Object.create(null) as Record<string, unknown>
  const set: string[] = []
  for (let i = 0; i < own.length; i++) {
    const word = own[i]!
    if (word === '-h') { raw.help = true; continue }
    const eq = word.indexOf('=')
    const typed = eq < 0 ? word.replace(/^--?/, '') : word.slice(0, eq).replace(/^--?/, '')
    if (RANK_COUNT_WORDS.has(typed) && word.startsWith('-')) {
      throw new UsageError(`unknown option ${eq < 0 ? word : word.slice(0, eq)}: the number of ranks is --ranks P, e.g. --ranks 4 (usage: ${PROGRAM_USAGE})`)
    }
    if (!word.startsWith('--')) throw new UsageError(`unexpected argument '${word}': the program's own arguments go after -- (usage: ${PROGRAM_USAGE})`)
    const name = camelCase(typed)
    // an unknown name first: `--bogus` as the last word is not missing a value
    if (!(name in ProgramOptions.shape)) {
      const near = closest(typed, OPTION_NAMES)
      throw new UsageError(`unknown option --${typed}${near === undefined ? '' : ` (did you mean --${near}?)`} (usage: ${PROGRAM_USAGE})`)
    }
    let value: string | boolean
    if (eq >= 0) value = word.slice(eq + 1)
    else if (FLAGS.has(name)) value = true
    else {
      const next = own[i + 1]
      if (next === undefined || next.startsWith('--')) throw new UsageError(`--${typed}: expected a value`)
      value = next
      i++
    }
    if (FLAGS.has(name) && typeof value === 'string') {
      if (value !== 'true' && value !== 'false') throw new UsageError(`--${typed}: expected a flag`)
      value = value === 'true'
    }
    if (name === 'set') set.push(String(value))
    else raw[name] = value
  }
  raw.set = set
  return { ...parseOptions(ProgramOptions, raw), args }
}
