// A released execution context's HPU memory serves the next context of its size, zeroed: the next
// handler sees its initialMem and zeros, as with a fresh array, never the last one's bytes.
import { describe, expect, it } from 'vitest'
import { Cluster, HpuMemoryPool, ReturnCode, setHpuMemoryReuse } from '../src/internal.js'

const BYTES = 256

/** Two use-once handler MEs, one after the other; each payload handler records its memory and scribbles on it. */
function twoReceives() {
  const c = new Cluster({ nodes: 2, profile: 'sc19', seed: 1 })
  const seen: { mem: Uint8Array; bytes: number[] }[] = []
  const initialMem = Uint8Array.from({ length: 8 }, (_, i) => i + 1)
  const post = (bits: bigint) => c.nic(1).postMe({
    matchBits: bits, length: 64, hostBuffer: null, useOnce: true,
    context: {
      hpuMemBytes: BYTES, hostBuffer: null, initialMem,
      payload: (ctx) => {
        seen.push({ mem: ctx.mem, bytes: Array.from(ctx.mem) })
        ctx.mem.fill(0xee)
        return ReturnCode.SUCCESS
      },
    },
  })
  post(1n)
  c.nic(0).put({ target: 1, matchBits: 1n, bytes: 64 })
  c.run()
  post(2n)
  c.nic(0).put({ target: 1, matchBits: 2n, bytes: 64 })
  c.run()
  return seen
}

describe('HPU memory reuse', () => {
  it('the second context reuses the first one\'s bytes, zeroed under its initialMem', () => {
    const seen = twoReceives()
    expect(seen).toHaveLength(2)
    expect(seen[1]!.mem).toBe(seen[0]!.mem)
    const expected = [1, 2, 3, 4, 5, 6, 7, 8, ...new Array<number>(BYTES - 8).fill(0)]
    expect(seen[0]!.bytes).toEqual(expected)
    expect(seen[1]!.bytes).toEqual(expected)
  })

  it('with reuse off (tests) every context gets a fresh array', () => {
    const was = setHpuMemoryReuse(false)
    try {
      const seen = twoReceives()
      expect(seen[1]!.mem).not.toBe(seen[0]!.mem)
      expect(seen[1]!.bytes).toEqual(seen[0]!.bytes)
    } finally {
      setHpuMemoryReuse(was)
    }
  })

  it('the pool keeps memory by size and hands it out zeroed', () => {
    const pool = new HpuMemoryPool()
    expect(pool.take(64)).toBeNull()
    const a = new Uint8Array(64).fill(9)
    pool.give(a)
    expect(pool.take(32)).toBeNull()
    const b = pool.take(64)
    expect(b).toBe(a)
    expect(Array.from(b!)).toEqual(new Array<number>(64).fill(0))
    expect(pool.take(64)).toBeNull()
  })
})
