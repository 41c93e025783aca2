// docs/extending.md's claim for collectives, tested: a new collective is one new file (its
// function, its documented record with its tag and parameter names) plus one line in the
// registry, and nothing else. The runtime's sources are copied to a scratch directory, a ring
// shift collective ('ringShift': every rank sends its block to rank + 1 and receives rank - 1's)
// is written there with its nonblocking form, the registry gets an import and one line, and
// run() of the copy calls both as communicator methods: the right bytes move, the call
// consistency check names its parameters, and a tag another collective holds is refused.
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FLOAT64 } from '@spinmpi/ddt'
import type * as Internal from '../src/internal.js'
import { checkTags } from '../src/collectives/tags.js'
import { COLLECTIVES } from '../src/collectives/registry.js'

const FILE = `// A test collective: ring shift, rank r's block goes to rank r + 1.
import type { Datatype } from '@spinmpi/ddt'
import type { Buffer, Request } from '../comm/comm-types.js'
import type { CommCore } from '../comm/comm-core.js'
import type { CollectiveEntries } from './collective.js'
import { startNonblocking } from './nonblocking.js'

const TAG_RING_SHIFT = 15

export async function ringShift(core: CommCore, sendbuf: Buffer, recvbuf: Buffer, count: number, type: Datatype): Promise<void> {
  const n = core.size, r = core.rank
  await core.coll.sendrecv(sendbuf, count, type, (r + 1) % n, TAG_RING_SHIFT, recvbuf, count, type, (r - 1 + n) % n, TAG_RING_SHIFT)
}

export function iringShift(core: CommCore, sendbuf: Buffer, recvbuf: Buffer, count: number, type: Datatype): Request {
  return startNonblocking(core, 'iringShift()', (c) => ringShift(c, sendbuf, recvbuf, count, type))
}

export const ringShiftCollective = {
  /** Rank r's block goes to rank r + 1 (mod size). */
  ringShift: { run: ringShift, tag: TAG_RING_SHIFT, params: ['buf', 'buf', 'count', 'type'], agreedPair: 2 },
  /** Nonblocking ringShift. */
  iringShift: { run: iringShift, tag: null, params: ['buf', 'buf', 'count', 'type'], agreedPair: 2 },
} satisfies CollectiveEntries
`

/** The communicator of the copy: the user API plus the new methods. */
interface RingComm extends Internal.Comm {
  ringShift(sendbuf: Float64Array, recvbuf: Float64Array, count: number, type: typeof FLOAT64): Promise<void>
  iringShift(sendbuf: Float64Array, recvbuf: Float64Array, count: number, type: typeof FLOAT64): Internal.Request
}

const scratch = mkdtempSync(join(tmpdir(), 'spinmpi-extend-coll-'))
let internal: typeof Internal

beforeAll(async () => {
  const src = fileURLToPath(new URL('../src', import.meta.url))
  cpSync(src, join(scratch, 'src'), { recursive: true })
  symlinkSync(fileURLToPath(new URL('../../../node_modules', import.meta.url)), join(scratch, 'node_modules'), 'dir')
  writeFileSync(join(scratch, 'src/collectives/ring-shift.ts'), FILE)
  const registry = join(scratch, 'src/collectives/registry.ts')
  const before = readFileSync(registry, 'utf8')
  const after = before
    .replace(`import { scattervCollective } from`, `import { ringShiftCollective } from './ring-shift.js'\nimport { scattervCollective } from`)
    .replace(`  ...reduceScatterBlockCollective,\n`, `  ...reduceScatterBlockCollective,\n  ...ringShiftCollective,\n`)
  // one import and one list line
  expect(after.split('\n').length - before.split('\n').length).toBe(2)
  writeFileSync(registry, after)
  internal = (await import(join(scratch, 'src/internal.ts'))) as typeof Internal
}, 60_000)
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

describe('a collective added as one file and one registry line', () => {
  it('is a method of every communicator, blocking and nonblocking, and moves the right bytes', async () => {
    const r = await internal.run({ ranks: 3 }, async (c) => {
      const comm = c as RingComm
      const got = new Float64Array(2)
      await comm.ringShift(Float64Array.of(comm.rank, 10 * comm.rank), got, 2, FLOAT64)
      const later = new Float64Array(1)
      await comm.wait(comm.iringShift(Float64Array.of(100 + comm.rank), later, 1, FLOAT64))
      return [...got, ...later]
    })
    // rank r receives rank r - 1's blocks: (r-1, 10(r-1)) and 100 + r - 1
    expect(r.results).toEqual([[2, 20, 102], [0, 0, 100], [1, 10, 101]])
  })

  it('the call check names its parameters from the record', async () => {
    let message = ''
    try {
      await internal.run({ ranks: 2 }, async (c) => {
        const comm = c as RingComm
        const n = comm.rank === 0 ? 1 : 2
        await comm.ringShift(new Float64Array(n), new Float64Array(n), n, FLOAT64)
      })
    } catch (e) {
      message = (e as Error).message
    }
    expect(message).toMatch(/called ringShift\(count=\d, float64\).*different data sizes \((8 B and 16 B|16 B and 8 B)\)$/)
  })
})

describe('the registry checks tags', () => {
  it('refuses a tag another collective holds, and one out of range', () => {
    const exscanTag = COLLECTIVES.exscan.tag
    expect(() => checkTags({ ...COLLECTIVES, twin: { run: COLLECTIVES.exscan.run, tag: exscanTag, params: [] } }))
      .toThrow('collectives exscan and twin both claim tag 13')
    expect(() => checkTags({ ...COLLECTIVES, far: { run: COLLECTIVES.exscan.run, tag: 16, params: [] } })).toThrow(/tag 16 is outside 1\.\.15/)
    // today's tags, one per collective that sends under its own
    const tags = Object.entries(COLLECTIVES).filter(([, r]) => r.tag !== null).map(([n, r]) => [n, r.tag])
    expect(Object.fromEntries(tags)).toEqual({
      barrier: 1, bcast: 2, reduce: 3, allreduce: 4, gather: 5, scatter: 6, allgather: 7, alltoallw: 8,
      gatherv: 9, scatterv: 10, allgatherv: 11, scan: 12, exscan: 13, reduceScatter: 14,
    })
  })
})
