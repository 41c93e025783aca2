import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// Errors commander finds while parsing (unknown command or option, missing or excess argument)
// in the project's format: one line starting `spinmpi: `, exit code 1, nothing on stdout. Runs
// the built CLI (npm test builds it first), since main.ts wires the output and exit handling.
const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const CLI = join(ROOT, 'apps/cli/dist/main.js')

interface Ran { readonly code: number; readonly stdout: string; readonly stderr: string }

function spinmpi(...args: string[]): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { cwd: ROOT }, (err, stdout, stderr) => {
      resolve({ code: err === null ? 0 : Number((err as { code?: number }).code ?? 1), stdout, stderr })
    })
  })
}

const COMMANDS = 'commands: typemap, bench, goal, profiles, unpack, compare, run'

describe('commander parse errors', () => {
  it.each([
    [['frobnicate'], `spinmpi: unknown command 'frobnicate'; ${COMMANDS}`],
    [['typmap'], `spinmpi: unknown command 'typmap' (did you mean typemap?); ${COMMANDS}`],
    [['help', 'frob'], `spinmpi: unknown command 'frob'; ${COMMANDS}`],
    [['goal', 'frob'], "spinmpi: unknown command 'frob'; commands: run, txt2bin"],
    [['typemap', '--typ', 'x'], "spinmpi: unknown option '--typ' (did you mean --type?)"],
    [['--frob'], "spinmpi: unknown option '--frob'"],
    [['typemap', '--count'], "spinmpi: option '--count <n>' argument missing"],
    [['bench'], "spinmpi: missing required argument 'name'"],
    [['run'], "spinmpi: missing the program file or app (fft2d, milc, ddtbench); 'spinmpi run --help' lists the usage"],
    [['profiles', 'a', 'b'], "spinmpi: too many arguments for 'profiles'. Expected 1 argument but got 2."],
  ])('spinmpi %j: one line, exit 1', async (args, line) => {
    const r = await spinmpi(...args)
    expect(r).toEqual({ code: 1, stdout: '', stderr: `${line}\n` })
  })

  it('still prints help and the version on stdout with exit 0', async () => {
    for (const args of [['--help'], ['help'], ['typemap', '--help'], ['help', 'typemap'], ['run', '--help']]) {
      const r = await spinmpi(...args)
      expect({ args, code: r.code, stderr: r.stderr }).toEqual({ args, code: 0, stderr: '' })
      expect(r.stdout).toMatch(/^Usage: spinmpi /)
    }
    const v = await spinmpi('--version')
    expect(v).toMatchObject({ code: 0, stderr: '' })
    expect(v.stdout).toMatch(/^\d+\.\d+\.\d+\n$/)
  })
})
