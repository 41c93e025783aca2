import { describe, expect, it } from 'vitest'
import { FLOAT64, INT32, Segment, flatten, hindexedBlock, pack, packRange, unpack, vector } from '../src/index.js'

const errorClass = (f: () => unknown): string => {
  try {
    f()
  } catch (e) {
    return `${(e as { errorClass?: string }).errorClass}: ${(e as Error).message}`
  }
  return 'no error'
}

describe('engine errors', () => {
  it('an uncommitted type is ERR_TYPE in pack, unpack, segments and flatten', () => {
    const t = vector(2, 1, 2, INT32)
    const buf = new Uint8Array(64)
    expect(errorClass(() => pack(t, 1, buf, 0, new Uint8Array(8)))).toMatch(/^ERR_TYPE: pack: datatype is not committed/)
    expect(errorClass(() => unpack(t, 1, new Uint8Array(8), 0, buf, 0))).toMatch(/^ERR_TYPE/)
    expect(errorClass(() => new Segment(t, 1))).toMatch(/^ERR_TYPE/)
    expect(errorClass(() => flatten(t, 1))).toMatch(/^ERR_TYPE/)
  })

  it('a typemap outside the buffer is ERR_BUFFER and nothing is written', () => {
    const v = vector(4, 1, 2, FLOAT64).commit() // data bytes [0, 56)
    const buf = new Uint8Array(55).fill(7)
    expect(errorClass(() => pack(v, 1, buf, 0, new Uint8Array(32)))).toBe('ERR_BUFFER: buf: the typemap spans bytes [0, 56) but the buffer holds [0, 55)')
    expect(errorClass(() => unpack(v, 1, new Uint8Array(32).fill(1), 0, buf, 0))).toMatch(/^ERR_BUFFER/)
    expect(buf.every((b) => b === 7)).toBe(true)
    const below = hindexedBlock(1, [-8], FLOAT64).commit()
    expect(errorClass(() => pack(below, 1, new Uint8Array(16), 4, new Uint8Array(8)))).toMatch(/^ERR_BUFFER: buf: the typemap spans bytes \[-4, 4\)/)
    expect(pack(below, 1, new Uint8Array(16), 8, new Uint8Array(8))).toBe(8)
  })

  it('a packed buffer that is too small is ERR_BUFFER naming it', () => {
    const v = vector(4, 1, 2, FLOAT64).commit()
    expect(errorClass(() => pack(v, 1, new Uint8Array(64), 0, new Uint8Array(40), 9))).toBe('ERR_BUFFER: out: needs 32 bytes from offset 9 but holds 40')
    expect(errorClass(() => unpack(v, 1, new Uint8Array(31), 0, new Uint8Array(64), 0))).toMatch(/^ERR_BUFFER: packed:/)
  })

  it('bad counts, ranges and checkpoints name the field', () => {
    const v = vector(4, 1, 2, FLOAT64).commit()
    const buf = new Uint8Array(64)
    expect(errorClass(() => pack(v, -1, buf, 0, new Uint8Array(8)))).toBe('ERR_COUNT: count: must be a non-negative integer, got -1')
    expect(errorClass(() => packRange(v, 1, buf, 0, 9, 4, new Uint8Array(8)))).toBe('ERR_ARG: first: 9 is after last (4)')
    expect(errorClass(() => packRange(v, 1, buf, 0, 0, 33, new Uint8Array(40)))).toBe('ERR_ARG: last: 33 is beyond the packed size 32')
    expect(errorClass(() => new Segment(v, 1).process(0.5, 2, () => {}))).toBe('ERR_ARG: first: must be a non-negative integer, got 0.5')
    expect(errorClass(() => Segment.restore(v, 1, new Uint8Array(5)))).toBe('ERR_ARG: checkpoint: 5 bytes is too short')
    const cp = new Uint8Array(20)
    new DataView(cp.buffer).setUint16(0, 1, true)
    new DataView(cp.buffer).setUint16(2, 1, true)
    new DataView(cp.buffer).setFloat64(12, 9, true)
    expect(errorClass(() => Segment.restore(v, 1, cp))).toBe('ERR_ARG: checkpoint: frame 0 index 9 is out of range')
  })
})
