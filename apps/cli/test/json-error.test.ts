// With --json a failure is also one JSON object on stdout (cli-error.ts): a script parsing the
// output learns why there is no result. The line on stderr and the exit code stay as without it.
import { execFile } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { asksForJson, jsonError } from '../src/cli-error.js'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const CLI = join(ROOT, 'apps/cli/dist/main.js')

function spinmpi(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { cwd: ROOT }, (err, stdout, stderr) => {
      resolve({ code: err === null ? 0 : Number((err as { code?: number }).code ?? 1), stdout, stderr })
    })
  })
}

const dir = mkdtempSync(join(tmpdir(), 'spinmpi-json-error-'))
const program = (name: string, body: string[]): string => {
  const file = join(dir, name)
  writeFileSync(file, ["import { types } from '@spinmpi/runtime'", 'export default async (comm) => {', ...body, '}'].join('\n'))
  return file
}

describe('--json on a failure', () => {
  it('prints the error as one JSON object on stdout, beside the line on stderr', async () => {
    const bad = program('bad.ts', ['  if (comm.rank === 1) await comm.send(new Float64Array(4), 4, types.FLOAT64, 7, 0)'])
    const line = 'rank 1: send(dest=7, tag=0): dest 7 is not a rank of this 2-rank communicator'
    expect(await spinmpi('run', bad, '--ranks', '2', '--json')).toEqual({
      code: 1,
      stdout: `${JSON.stringify({ error: { name: 'RankError', message: line, errorClass: 'ERR_RANK', rank: 1 } })}\n`,
      stderr: `spinmpi: ${line}\n`,
    })
    // without --json: nothing on stdout
    expect(await spinmpi('run', bad, '--ranks', '2')).toEqual({ code: 1, stdout: '', stderr: `spinmpi: ${line}\n` })
    // a program's own words after -- are its own
    expect((await spinmpi('run', bad, '--ranks', '2', '--', '--json')).stdout).toBe('')
  })

  it('names a deadlock, a time limit and a bad option', async () => {
    const stuck = program('stuck.ts', ['  await comm.recv(new Float64Array(4), 4, types.FLOAT64, 1 - comm.rank, 0)'])
    const dead = await spinmpi('run', stuck, '--ranks', '2', '--json')
    expect(dead.code).toBe(1)
    expect(JSON.parse(dead.stdout)).toEqual({
      error: {
        name: 'DeadlockError',
        message: 'deadlock at 0 ns: 2 rank(s) blocked and no event left; rank 0: recv(source=1, tag=0, count=4 x float64); rank 1: recv(source=0, tag=0, count=4 x float64)',
        errorClass: 'ERR_OTHER',
      },
    })
    const late = await spinmpi('run', 'examples/programs/poll.ts', '--ranks', '2', '--time-limit', '10us', '--json')
    expect(JSON.parse(late.stdout).error).toMatchObject({ name: 'TimeLimitError', message: expect.stringMatching(/^simulated time limit of 10 µs reached at /) })
    expect(await spinmpi('run', 'fft2d', '--n', '7', '--json')).toEqual({
      code: 1,
      stdout: `${JSON.stringify({ error: { name: 'UsageError', message: '--n: must be a multiple of ranks (4)' } })}\n`,
      stderr: 'spinmpi: --n: must be a multiple of ranks (4)\n',
    })
    // a call whose promise nobody awaited, failing outside the rank's own flow
    const unawaited = program('unawaited.mjs', ['  if (comm.rank === 1) comm.send(new Float64Array(4), 4, types.FLOAT64, 7, 0)', '  await comm.barrier()'])
    const lost = await spinmpi('run', unawaited, '--ranks', '2', '--json')
    expect(lost.code).toBe(1)
    expect(JSON.parse(lost.stdout)).toEqual({
      error: {
        name: 'MpiError',
        message: `send(dest=7, tag=0): dest 7 is not a rank of this 2-rank communicator (at ${unawaited}:3:29): a call whose promise was not awaited failed; await it`,
        errorClass: 'ERR_RANK',
      },
    })
    // a parse error commander finds
    const unknown = await spinmpi('typemap', '--typ', 'x', '--json')
    expect(JSON.parse(unknown.stdout)).toEqual({ error: { name: 'UsageError', message: "unknown option '--typ' (did you mean --type?)" } })
  })

  it('finds --json before the program words only, and names what is not an Error', () => {
    expect(asksForJson(['node', 'spinmpi', 'run', 'a.ts', '--json'])).toBe(true)
    expect(asksForJson(['node', 'spinmpi', 'run', 'a.ts', '--', '--json'])).toBe(false)
    expect(asksForJson(['node', 'spinmpi', 'run', 'a.ts'])).toBe(false)
    expect(jsonError('boom', 'boom')).toEqual({ name: 'Error', message: 'boom' })
  })
})
