// `spinmpi goal run|txt2bin` on files that are not valid schedules: one line naming the file,
// `FILE:LINE: ...` for text and `FILE: field: ...` for binary, with no error class name.
// Through the built CLI, since the line is shaped where main.ts prints it.
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

const CLI = fileURLToPath(new URL('../dist/main.js', import.meta.url))
const PINGPONG = fileURLToPath(new URL('../../../examples/goal/pingpong.goal', import.meta.url))
const dir = mkdtempSync(join(tmpdir(), 'spinmpi-goal-cli-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function spinmpi(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { cwd: dir }, (err, stdout, stderr) =>
      resolve({ code: err === null ? 0 : (err.code as number), stdout, stderr }))
  })
}

describe('spinmpi goal: errors name the file', () => {
  it('a text that is not GOAL: FILE:LINE, for run and txt2bin', async () => {
    writeFileSync(join(dir, 'app.ts'), "import { run } from '@spinmpi/runtime'\n")
    for (const args of [['run', 'app.ts'], ['txt2bin', 'app.ts', 'app.bin']]) {
      expect(await spinmpi('goal', ...args)).toEqual({ code: 1, stdout: '', stderr: "spinmpi: app.ts:1: 'import' outside a rank block\n" })
    }
    writeFileSync(join(dir, 'open.goal'), 'num_ranks 1\nrank 0 {\ncalc 1\n')
    expect((await spinmpi('goal', 'run', 'open.goal')).stderr).toBe("spinmpi: open.goal:4: end of file inside the block of rank 0 (missing '}')\n")
  })

  it('a binary schedule: FILE: the bad field', async () => {
    expect((await spinmpi('goal', 'txt2bin', PINGPONG, 'pingpong.bin')).code).toBe(0)
    writeFileSync(join(dir, 'cut.bin'), readFileSync(join(dir, 'pingpong.bin')).subarray(0, 100))
    const cut = await spinmpi('goal', 'run', 'cut.bin')
    expect(cut.code).toBe(1)
    expect(cut.stderr).toMatch(/^spinmpi: cut\.bin: ranks\[0\]: data \[\d+, \d+\) lies outside the file\n$/)
  })

  it('a schedule the simulation refuses: FILE: the field, for text and binary', async () => {
    writeFileSync(join(dir, 'zero.goal'), 'num_ranks 2\nrank 0 {\n a: send 0b to 1\n}\nrank 1 {\n b: recv 0b from 0\n}\n')
    expect(await spinmpi('goal', 'run', 'zero.goal')).toEqual({
      code: 1, stdout: '', stderr: 'spinmpi: zero.goal: ranks[0].ops[0].bytes: LogGOPS needs messages of at least 1 byte\n',
    })
    // txt2bin writes them, as LogGOPSim's does, and says that goal run will not take them
    expect(await spinmpi('goal', 'txt2bin', 'zero.goal', 'zero.bin')).toEqual({
      code: 0, stdout: '',
      stderr: 'spinmpi: note: zero.bin: 2 message(s) of 0 bytes (the first: ranks[0].ops[0].bytes); written, but `spinmpi goal run` refuses them (LogGOPS needs at least 1 byte)\n',
    })
    expect((await spinmpi('goal', 'run', 'zero.bin')).stderr).toBe('spinmpi: zero.bin: ranks[0].ops[0].bytes: LogGOPS needs messages of at least 1 byte\n')
    writeFileSync(join(dir, 'late.goal'), 'num_ranks 1\nrank 0 {\n a: calc 9007199254740000\n b: calc 9007199254740000\n b requires a\n}\n')
    expect(await spinmpi('goal', 'run', 'late.goal')).toEqual({
      code: 1, stdout: '', stderr: 'spinmpi: late.goal: simulated times exceed 2^53 and would lose precision\n',
    })
  })

  it('txt2bin into a folder that does not exist: one line naming the output', async () => {
    expect(await spinmpi('goal', 'txt2bin', PINGPONG, 'no-such-folder/out.bin')).toEqual({
      code: 1, stdout: '', stderr: 'spinmpi: cannot write no-such-folder/out.bin (ENOENT)\n',
    })
  })
})
