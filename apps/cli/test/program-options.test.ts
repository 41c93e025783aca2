import { describe, expect, it } from 'vitest'
import { UsageError } from '../src/cli-error.js'
import { registerRun } from '../src/commands/run.js'
import { parseProgramOptions, PROGRAM_USAGE } from '../src/launch/program-options.js'
import { runCommand } from './run-command.js'

// The options of `spinmpi run FILE` as an MPI user types them: a misspelt or unknown option is
// named as such, wherever it stands, with the option it most likely meant; mpirun's -n / -np and
// its order (`mpirun -n 4 ./app`) get the spinmpi spelling.
const usage = ` (usage: ${PROGRAM_USAGE})`
const parse = (...words: string[]) => () => parseProgramOptions(words)

describe('spinmpi run FILE options', () => {
  it('an unknown option is unknown even as the last word (it used to read "--bogus: expected a value")', () => {
    expect(parse('--bogus')).toThrow(new UsageError(`unknown option --bogus${usage}`))
    expect(parse('--ranks', '2', '--bogus')).toThrow(new UsageError(`unknown option --bogus${usage}`))
    // a known option without its value still says so
    expect(parse('--ranks')).toThrow(new UsageError('--ranks: expected a value'))
  })

  it('suggests the option a slip meant', () => {
    expect(parse('--rank', '3')).toThrow(new UsageError(`unknown option --rank (did you mean --ranks?)${usage}`))
    expect(parse('--strateg', 'auto')).toThrow(new UsageError(`unknown option --strateg (did you mean --strategy?)${usage}`))
    expect(parse('--time-limt=1ms')).toThrow(new UsageError(`unknown option --time-limt (did you mean --time-limit?)${usage}`))
  })

  it("maps mpirun's and srun's rank count to --ranks", () => {
    const hint = ': the number of ranks is --ranks P, e.g. --ranks 4'
    expect(parse('-n', '4')).toThrow(new UsageError(`unknown option -n${hint}${usage}`))
    expect(parse('-np', '4')).toThrow(new UsageError(`unknown option -np${hint}${usage}`))
    expect(parse('--np=4')).toThrow(new UsageError(`unknown option --np${hint}${usage}`))
    expect(parse('--ntasks', '4')).toThrow(new UsageError(`unknown option --ntasks${hint}${usage}`))
    // after --, the words are the program's own
    expect(parseProgramOptions(['--ranks', '3', '--', '-n', '4'])).toMatchObject({ ranks: 3, args: ['-n', '4'] })
  })

  it("says the program comes first when options come before it (mpirun's order)", async () => {
    const run = (...words: string[]) => runCommand(registerRun, ['run', ...words])
    const first = ': the program file or app comes first, then its options, e.g. spinmpi run ./app.ts --ranks 4'
    await expect(run('-n', '4', './app.ts')).rejects.toThrow(new UsageError(`-n${first}`))
    await expect(run('--ranks', '4', 'examples/programs/hello.ts')).rejects.toThrow(new UsageError(`--ranks${first}`))
  })
})
