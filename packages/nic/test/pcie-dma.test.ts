import { describe, expect, it } from 'vitest'
import { DmaEngine, DmaError, PcieModel, Simulator, getProfile, resolveProfile } from '../src/internal.js'

const sc19 = getProfile('sc19')

describe('PcieModel (sc19: Gen4 x32, 128b/130b, 256 B TLPs with 24 B overhead)', () => {
  const pcie = new PcieModel(sc19.pcie)

  it('derives raw, encoded and effective bandwidth by hand', () => {
    expect(pcie.rawGbps).toBe(512) // 16 GT/s x 32 lanes
    expect(pcie.encodedGbps).toBeCloseTo(504.1230769, 6) // 512 * 128 / 130
    expect(pcie.effectiveGbps()).toBeCloseTo(460.9125275, 6) // 504.12 * 256 / 280
    // 4-byte writes (SC19 Fig. 16, gamma = 512): 4 / 28 of the encoded rate
    expect(pcie.effectiveGbps(4)).toBeCloseTo(72.0175824, 6)
  })

  it('counts TLPs and wire time in exact picoseconds', () => {
    expect(pcie.tlps(0)).toBe(1)
    expect(pcie.tlps(256)).toBe(1)
    expect(pcie.tlps(257)).toBe(2)
    expect(pcie.wireBytes(2048)).toBe(2048 + 8 * 24)
    // 280 B * 8 bit / 504.123 Gbit/s = 4443.36 ps -> 4444
    expect(pcie.wirePs(256)).toBe(4444)
    // zero-byte write still sends one 24 B TLP: 380.86 -> 381
    expect(pcie.wirePs(0)).toBe(381)
    expect(pcie.writeLatencyPs).toBe(250_000)
    expect(pcie.readLatencyPs).toBe(500_000)
  })

  it('gives each generation its lane rate', () => {
    const gen3 = new PcieModel({ ...sc19.pcie, gen: 3, lanes: 16 })
    expect(gen3.rawGbps).toBe(128)
    const gen1 = new PcieModel({ ...sc19.pcie, gen: 1, lanes: 1, encodingDataBits: 8, encodingLineBits: 10 })
    expect(gen1.encodedGbps).toBe(2)
  })
})

describe('DmaEngine', () => {
  it('pipelines a burst: FIFO on the link, latency added per request', () => {
    const sim = new Simulator()
    const dma = new DmaEngine(sim, new PcieModel(sc19.pcie))
    const done: number[] = []
    const expected: number[] = []
    for (let i = 0; i < 10; i++) {
      const t = dma.write(256, (k: number) => done.push(k * 1_000_000_000 + sim.now), i)
      expect(t).toBe(4444 * (i + 1) + 250_000)
      expected.push(i * 1_000_000_000 + t)
    }
    expect(dma.depthNow).toBe(10)
    expect(dma.peakDepth).toBe(10)
    sim.run()
    expect(done).toEqual(expected)
    expect(dma.depthNow).toBe(0)
    const depth = dma.depth
    expect(depth.at(0)).toBe(10)
    expect(depth.at(254_443)).toBe(10)
    expect(depth.at(254_444)).toBe(9)
    expect(depth.at(250_000 + 4444 * 10)).toBe(0)
    expect(dma.writes).toBe(10)
    expect(dma.bytesWritten).toBe(2560)
    expect(dma.drainTime).toBe(250_000 + 44_440)
  })

  it('retires completions lazily and in time order across writes and reads', () => {
    const sim = new Simulator()
    const dma = new DmaEngine(sim, new PcieModel(sc19.pcie))
    const tRead = dma.read(4096) // 16 TLPs: 4480 wire B -> 71093.75 -> 71094 ps, + 500 ns
    expect(tRead).toBe(71_094 + 500_000)
    const tWrite = dma.write(0) // a zero-byte write is legal
    expect(tWrite).toBe(381 + 250_000)
    expect(dma.peekWrite(0)).toBe(381 * 2 + 250_000)
    expect(dma.peekRead(0)).toBe(71_094 + 381 + 500_000)
    sim.at(300_000, () => {
      expect(dma.depthNow).toBe(1) // the write landed, the read is in flight
      dma.write(64)
    })
    sim.run()
    dma.finish()
    const s = dma.depth.samples()
    expect(s.t).toEqual([0, 250_381, 300_000, 300_000 + new PcieModel(sc19.pcie).wirePs(64) + 250_000, 571_094])
    expect(s.v).toEqual([2, 1, 2, 1, 0])
    expect(dma.reads).toBe(1)
    expect(dma.bytesRead).toBe(4096)
    expect(dma.peakDepth).toBe(2)
  })

  it('holds at most maxOutstanding requests in flight per direction', () => {
    const sim = new Simulator()
    const p = resolveProfile('sc19', { 'pcie.maxOutstanding': 2 })
    const dma = new DmaEngine(sim, new PcieModel(p.pcie))
    expect(dma.write(256)).toBe(254_444)
    expect(dma.write(256)).toBe(258_888)
    // the third waits for the first to complete before it may start
    expect(dma.write(256)).toBe(254_444 + 4444 + 250_000)
    // reads have their own window
    expect(dma.read(0)).toBe(381 + 500_000)
  })

  it('rejects bad sizes and issues after finish', () => {
    const sim = new Simulator()
    const dma = new DmaEngine(sim, new PcieModel(sc19.pcie))
    expect(() => dma.write(-1)).toThrow(DmaError)
    expect(() => dma.write(1.5)).toThrow('DMA size must be a non-negative integer, got 1.5')
    dma.write(8)
    dma.finish()
    expect(() => dma.write(8)).toThrow(DmaError)
  })
})
