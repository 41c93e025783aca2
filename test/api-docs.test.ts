// The API reference (`npm run docs`, TypeDoc over the four library packages' public entry
// points) builds without a warning: every public export has a doc comment (TypeDoc's
// notDocumented validation, see typedoc.json) and every {@link} resolves.
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { expect, it } from 'vitest'

const root = fileURLToPath(new URL('..', import.meta.url))

it('typedoc validates the public API with no warning', async () => {
  let out: string
  try {
    // npm test type-checks every package before the suite, so TypeDoc skips its own type check
    // (about 40% of its time); its validation of comments and links still runs
    const r = await promisify(execFile)(process.execPath, [`${root}node_modules/typedoc/bin/typedoc`, '--emit', 'none', '--skipErrorChecking'], { cwd: root })
    out = r.stdout + r.stderr
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string; message: string }
    out = `${e.message}\n${e.stdout ?? ''}${e.stderr ?? ''}`
  }
  expect(out.split('\n').filter((l) => /warning|error/i.test(l))).toEqual([])
}, 180_000)
