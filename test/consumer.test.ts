// The packages as another project gets them: every workspace is packed with `npm pack` (so this
// needs the build, which `npm test` runs first) and publint finds nothing in its tarball; the
// four library tarballs are installed into a scratch project outside the repository, and the
// README's Library examples are type-checked there (tsc --strict, module NodeNext) and run.
import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { publint } from 'publint'
import { formatMessage } from 'publint/utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import rootManifest from '../package.json' with { type: 'json' }
import { docBlocks, repoRoot } from './doc-blocks.js'

const exec = promisify(execFile)
const LIBRARIES = ['ddt', 'nic', 'goal', 'runtime']
const scratch = mkdtempSync(join(tmpdir(), 'spinmpi-consumer-'))
const tarballs = new Map<string, string>() // workspace dir -> tarball path

async function sh(file: string, args: readonly string[], cwd: string): Promise<string> {
  try {
    return (await exec(file, args, { cwd, maxBuffer: 64 << 20 })).stdout
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string; message: string }
    throw new Error(`${e.message}\n${e.stdout ?? ''}\n${e.stderr ?? ''}`)
  }
}

beforeAll(async () => {
  const dest = join(scratch, 'tarballs')
  mkdirSync(dest)
  const packed = JSON.parse(await sh('npm', ['pack', '--workspaces', '--ignore-scripts', '--json', '--pack-destination', dest], repoRoot)) as { name: string; filename: string }[]
  for (const dir of rootManifest.workspaces) {
    const name = (JSON.parse(readFileSync(join(repoRoot, dir, 'package.json'), 'utf8')) as { name: string }).name
    const entry = packed.find((p) => p.name === name)
    if (entry) tarballs.set(dir, join(dest, entry.filename))
  }
}, 120_000)
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

describe('packed packages', () => {
  it.each(rootManifest.workspaces)('%s: publint finds nothing in its tarball', async (dir) => {
    const tarball = tarballs.get(dir)
    expect(tarball).toBeDefined()
    const bytes = readFileSync(tarball!)
    const { messages, pkg } = await publint({
      pack: { tarball: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) },
      level: 'suggestion', strict: true,
    })
    expect(messages.map((m) => formatMessage(m, pkg) ?? m.code)).toEqual([])
  })

  it('the README Library examples type-check (strict, NodeNext) and run against the installed tarballs', async () => {
    const app = join(scratch, 'app')
    mkdirSync(app)
    const dependencies = Object.fromEntries(LIBRARIES.map((lib) => [`@spinmpi/${lib}`, `file:${tarballs.get(`packages/${lib}`)}`]))
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module', dependencies }))
    await sh('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--no-package-lock'], app)

    const examples = docBlocks('README.md').filter((b) => b.lang === 'ts')
    expect(examples.length).toBeGreaterThanOrEqual(3)
    examples.forEach((b, i) => writeFileSync(join(app, `example-${i + 1}.ts`), `${b.code}\n`))
    writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({
      compilerOptions: {
        strict: true, module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', outDir: 'dist',
        types: ['node'], typeRoots: [join(repoRoot, 'node_modules/@types')], skipLibCheck: true,
      },
      include: ['*.ts'],
    }))
    await sh(process.execPath, [join(repoRoot, 'node_modules/typescript/bin/tsc'), '-p', app], app)
    for (const [i, b] of examples.entries()) {
      const printed = await sh(process.execPath, [join(app, `dist/example-${i + 1}.js`)], app)
      if (b.output !== undefined) expect(printed.trim(), b.where).toBe(b.output.trim())
    }
  }, 180_000)
})
