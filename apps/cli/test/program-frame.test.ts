import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { programFrame } from '../src/launch/program-frame.js'

// The location `spinmpi run FILE` adds to a rank's own error: the first stack frame outside
// spinmpi's packages and node_modules, relative to the working folder when inside it.
const ROOT = fileURLToPath(new URL('../../../', import.meta.url))

function withStack(...frames: string[]): Error {
  const e = new Error('x')
  e.stack = ['Error: x', ...frames.map((f) => `    at ${f}`)].join('\n')
  return e
}

describe('programFrame', () => {
  it("skips spinmpi's own frames and node_modules, and reads file URLs", () => {
    const e = withStack(
      `checkCount (file://${join(ROOT, 'packages/runtime/dist/comm/validate.js')}:22:15)`,
      `next (${join(ROOT, 'node_modules/tsx/dist/x.js')}:1:1)`,
      'async helper (file:///home/me/app/lib.mjs:7:3)',
      'default (/home/me/app/app.ts:12:9)',
    )
    expect(programFrame(e, '/home/me')).toBe('app/lib.mjs:7:3')
    expect(programFrame(e, '/elsewhere')).toBe('/home/me/app/lib.mjs:7:3')
  })

  it('takes a frame without a function name; none for node internals only or a non-Error', () => {
    expect(programFrame(withStack('/srv/app.ts:3:4'), '/srv')).toBe('app.ts:3:4')
    expect(programFrame(withStack('process.processTicksAndRejections (node:internal/process/task_queues:95:5)'), '/')).toBeUndefined()
    expect(programFrame('plain string')).toBeUndefined()
  })
})
