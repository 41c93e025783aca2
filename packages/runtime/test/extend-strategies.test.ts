// docs/extending.md's claim for strategies, tested: a new strategy is one new record file plus
// its entry in its registry, and nothing else. The runtime's sources are copied to a scratch
// directory, the records of two test strategies are written there ('specialized-twin': the
// specialized plan under a second name; 'host-twin': the host pack send under a second name),
// each registry gets an import and a list entry, and the copy is loaded: the names are choices
// everywhere names are checked (run options, type attributes, requests), and runUnpack and
// run() move the right bytes through them.
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FLOAT64, vector } from '@spinmpi/ddt'
import type * as Internal from '../src/internal.js'
import type * as Harness from '../src/harness.js'

const RECORD = `// A test strategy: the specialized plan under a second name.
import type { ReceiveStrategy } from './record.js'
import { specializedReceive } from './specialized.js'

export const specializedTwinReceive: ReceiveStrategy<'specialized-twin'> = {
  ...specializedReceive,
  name: 'specialized-twin',
  summary: 'specialized, under a second name',
  chart: { colour: '#000000', order: 9 },
  plan(req) {
    const planned = specializedReceive.plan(req)
    return { ...planned, plan: { ...planned.plan, strategy: 'specialized-twin' } }
  },
}
`

const SEND_RECORD = `// A test send strategy: the host pack under a second name.
import { hostSend } from './host.js'
import type { SendStrategy } from './record.js'

export const hostTwinSend: SendStrategy<'host-twin'> = {
  ...hostSend,
  name: 'host-twin',
  summary: 'host, under a second name',
  send: (s, bytes) => hostSend.send(s, bytes),
}
`

/** Adds an import and a list entry (two lines) after \`last\`'s, in the registry file \`file\`. */
function register(file: string, last: string, added: string, from: string): void {
  const before = readFileSync(file, 'utf8')
  const after = before
    .replace(`import { ${last} } from`, `import { ${added} } from '${from}'\nimport { ${last} } from`)
    .replace(`  ${last},\n`, `  ${last},\n  ${added},\n`)
  expect(after.split('\n').length - before.split('\n').length).toBe(2)
  writeFileSync(file, after)
}

const scratch = mkdtempSync(join(tmpdir(), 'spinmpi-extend-'))
let internal: typeof Internal
let harness: typeof Harness

beforeAll(async () => {
  const src = fileURLToPath(new URL('../src', import.meta.url))
  cpSync(src, join(scratch, 'src'), { recursive: true })
  // the copy resolves its npm dependencies (debug, zod) from the repository's node_modules
  symlinkSync(fileURLToPath(new URL('../../../node_modules', import.meta.url)), join(scratch, 'node_modules'), 'dir')
  writeFileSync(join(scratch, 'src/strategies/receive/specialized-twin.ts'), RECORD)
  register(join(scratch, 'src/strategies/receive/registry.ts'), 'rwCpReceive', 'specializedTwinReceive', './specialized-twin.js')
  writeFileSync(join(scratch, 'src/strategies/send/host-twin.ts'), SEND_RECORD)
  register(join(scratch, 'src/strategies/send/registry.ts'), 'outboundSend', 'hostTwinSend', './host-twin.js')
  internal = (await import(join(scratch, 'src/internal.ts'))) as typeof Internal
  harness = (await import(join(scratch, 'src/harness.ts'))) as typeof Harness
}, 60_000)
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

// 64 KiB in 2048 blocks of 32 B: above the eager limit, so run() receives it through the strategy
const type = vector(2048, 4, 8, FLOAT64).commit()
const twin = 'specialized-twin' as Internal.ReceiveStrategyName
const sendTwin = 'host-twin' as Internal.SendStrategyName

describe('strategies added as one record file and one registry entry', () => {
  it('is a name and a choice wherever strategies are listed', () => {
    expect(internal.RECEIVE_STRATEGIES).toContain(twin)
    expect(internal.RECEIVE_CHOICES).toContain(twin)
    expect(internal.receiveStrategy(twin).summary).toBe('specialized, under a second name')
    expect(() => internal.setTypeAttributes(vector(8, 1, 2, FLOAT64).commit(), { strategy: twin })).not.toThrow()
    // the check is real: a name no record has is refused
    expect(() => internal.setTypeAttributes(vector(8, 1, 2, FLOAT64).commit(), { strategy: 'nonesuch' as typeof twin })).toThrow(/strategy/)
  })

  it('runUnpack receives through it: the right bytes, in the time of the plan it delegates to', () => {
    const got = harness.runUnpack({ type, strategy: twin })
    const reference = harness.runUnpack({ type, strategy: 'specialized' })
    expect(got.strategy).toBe(twin)
    expect(got.fallback).toBeNull()
    expect(got.verified).toBe(true)
    expect(got.guardIntact).toBe(true)
    expect(got.ns).toBe(reference.ns)
    expect(got.modelNs).toBe(reference.modelNs)
  })

  it('run() receives through it as a run option, and the receiver holds the sent values', async () => {
    const r = await internal.run({ ranks: 2, strategy: twin }, async (comm) => {
      const buf = new Float64Array(2 * 2048 * 4)
      if (comm.rank === 0) {
        buf.forEach((_, i) => { buf[i] = i })
        await comm.send(buf, 1, type, 1, 0)
        return true
      }
      await comm.recv(buf, 1, type, 0, 0)
      // the vector's blocks (4 of every 8 elements) arrived; the gaps kept their zeros
      return buf.every((v, i) => v === (i % 8 < 4 ? i : 0))
    })
    expect(r.results).toEqual([true, true])
    expect(r.stats.receives.map((x) => x.strategy)).toContain(twin)
  })

  it('a send strategy: a choice of run options, and run() sends through it with the right bytes', async () => {
    expect(internal.SEND_STRATEGIES).toContain(sendTwin)
    const r = await internal.run({ ranks: 2, send: sendTwin, strategy: 'rw-cp' }, async (comm) => {
      const buf = new Float64Array(2 * 2048 * 4)
      if (comm.rank === 0) {
        buf.forEach((_, i) => { buf[i] = i + 1 })
        await comm.send(buf, 1, type, 1, 0)
        return comm.wtime()
      }
      await comm.recv(buf, 1, type, 0, 0)
      return buf.every((v, i) => v === (i % 8 < 4 ? i + 1 : 0)) ? comm.wtime() : -1
    })
    const host = await internal.run({ ranks: 2, send: 'host', strategy: 'rw-cp', mode: 'timing' }, async (comm) => {
      if (comm.rank === 0) await comm.send(null, 1, type, 1, 0)
      else await comm.recv(null, 1, type, 0, 0)
      return comm.wtime()
    })
    // the bytes arrived, at the times of the host pack it delegates to
    expect(r.results[1]).toBeGreaterThan(0)
    expect(r.results).toEqual(host.results)
  })
})
