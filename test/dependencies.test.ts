// Declared dependencies equal imported ones, checked by knip: once per workspace on its own with
// production code only (--strict: a package imported by src/ must be in that package's
// dependencies, and every dependency must be imported by src/), and once over everything, tests
// included (no package imported without being declared, no devDependency unused).
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('..', import.meta.url))
const run = promisify(execFile)

async function knip(args: readonly string[]): Promise<string> {
  try {
    await run(process.execPath, [`${root}node_modules/knip/bin/knip.js`, '--no-progress', ...args], { cwd: root })
    return ''
  } catch (err) {
    const e = err as { stdout?: string; message: string }
    return e.stdout || e.message
  }
}

describe.concurrent('dependencies (knip)', () => {
  it('production code of each workspace imports exactly its declared dependencies', async () => {
    expect(await knip(['--strict', '--dependencies'])).toBe('')
  })
  it('tests and tools import only declared packages; every devDependency is used', async () => {
    expect(await knip(['--include', 'dependencies,unlisted,unresolved'])).toBe('')
  })
})
