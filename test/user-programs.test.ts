// examples/programs/tsconfig.json is how a user type-checks a program (`spinmpi run` strips the
// types unchecked): it must check every example, and a folder anywhere whose tsconfig extends it,
// resolving `@spinmpi/*` and `./x.ts` imports, and must report a real type error. Needs the build.
import { execFile } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { repoRoot } from './doc-blocks.js'

const exec = promisify(execFile)
const tsc = join(repoRoot, 'node_modules/typescript/bin/tsc')
const config = join(repoRoot, 'examples/programs/tsconfig.json')
const app = mkdtempSync(join(tmpdir(), 'spinmpi-app-'))
afterAll(() => rmSync(app, { recursive: true, force: true }))

async function check(project: string): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await exec(process.execPath, [tsc, '-p', project], { cwd: repoRoot })
    return { code: 0, out: stdout }
  } catch (err) {
    const e = err as { code?: number; stdout?: string }
    return { code: e.code ?? -1, out: e.stdout ?? '' }
  }
}

describe('type-checking user programs with examples/programs/tsconfig.json', () => {
  it('checks every example program, cleanly', async () => {
    const { stdout } = await exec(process.execPath, [tsc, '-p', config, '--listFilesOnly'], { cwd: repoRoot })
    const programs = readdirSync(join(repoRoot, 'examples/programs')).filter((f) => f.endsWith('.ts'))
    expect(programs.length).toBeGreaterThanOrEqual(6)
    for (const f of programs) expect(stdout).toContain(`examples/programs/${f}`)
    expect(await check(config)).toEqual({ code: 0, out: '' })
  })

  it('checks a folder outside the repository that extends it, and reports its type errors', async () => {
    writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({ extends: config, include: ['*.ts'] }))
    writeFileSync(join(app, 'util.ts'), 'export const twice = (x: number): number => 2 * x\n')
    writeFileSync(join(app, 'app.ts'), [
      "import { types, type Comm } from '@spinmpi/runtime'",
      "import { runUnpack } from '@spinmpi/runtime/harness'",
      "import { twice } from './util.ts'",
      'export default async (comm: Comm): Promise<number> => {',
      '  void runUnpack',
      '  const sum = new Float64Array(1)',
      '  await comm.allreduce(Float64Array.of(twice(comm.rank)), sum, 1, types.FLOAT64, "SUM")',
      '  return sum[0]!',
      '}',
      '',
    ].join('\n'))
    expect(await check(app)).toEqual({ code: 0, out: '' })
    writeFileSync(join(app, 'bad.ts'), "import { types } from '@spinmpi/runtime'\nexport const n: string = types.FLOAT64.size\n")
    const bad = await check(app)
    expect(bad.code).not.toBe(0)
    expect(bad.out).toMatch(/bad\.ts\(2,14\): error TS2322/)
  })
})
