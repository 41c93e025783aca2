// The README and docs are executed: every runnable ```sh and ```ts block (see doc-blocks.ts for
// the convention) runs on the build that `npm test` makes first, from a scratch folder that sees
// the repository's examples/ and node_modules/, and must exit 0 and print what its ```text
// output block shows.
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import ts from 'typescript'
import { afterAll, describe, expect, it } from 'vitest'
import { docBlocks, docFiles, repoRoot, shellCommands } from './doc-blocks.js'

const run = promisify(execFile)
const scratch = mkdtempSync(join(tmpdir(), 'spinmpi-docs-'))
symlinkSync(join(repoRoot, 'examples'), join(scratch, 'examples'))
symlinkSync(join(repoRoot, 'node_modules'), join(scratch, 'node_modules'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

const blocks = docFiles().flatMap(docBlocks).filter((b) => b.runnable)

async function output(file: string, args: string[]): Promise<string> {
  try {
    const { stdout } = await run(file, args, { cwd: scratch, maxBuffer: 64 << 20 })
    return stdout
  } catch (err) {
    const e = err as { stderr?: string; message: string }
    throw new Error(`${e.message}\n${e.stderr ?? ''}`)
  }
}

describe.concurrent('runnable code blocks of README.md and docs/*.md', () => {
  it('finds the README examples', () => {
    expect(blocks.filter((b) => b.where.startsWith('README.md') && b.lang === 'ts').length).toBeGreaterThanOrEqual(3)
    expect(blocks.some((b) => b.where.startsWith('README.md') && b.lang === 'sh')).toBe(true)
  })

  it.each(blocks.map((b) => [b.where, b] as const))('%s', async (where, block) => {
    let printed = ''
    if (block.lang === 'sh') {
      for (const command of shellCommands(block.code)) printed += await output('bash', ['-c', command])
    } else {
      const js = ts.transpileModule(block.code, {
        compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
      }).outputText
      const file = join(scratch, `${where.replace(/[^\w]/g, '_')}.mjs`)
      writeFileSync(file, js)
      printed = await output(process.execPath, [file])
    }
    if (block.output !== undefined) expect(printed.trim()).toBe(block.output.trim())
  }, 300_000) // a guard against a hang, not a speed check: a block of eleven commands on a loaded 2-core machine
})
