// What used to be counted as paper claims but holds by construction is tested here as a property
// of the mechanism instead (SC19 Figs. 14, 15, 17), on small messages.
import { describe, expect, it } from 'vitest'
import { OFFLOADS, unpackVector } from '../src/fig8.js'
import { fig12, handlerPhases } from '../src/fig12.js'
import { profileFor } from '../src/nic-common.js'

const BYTES = 256 * 1024
const profile = profileFor('sc19', { 'nic.hpus': 16 })

describe('offloaded unpack of a vector (256 KiB, 16 HPUs)', () => {
  it('issues one DMA write per block plus the completion write, for every strategy and γ = 1..16 (Fig. 14\'s annotation)', () => {
    for (const gamma of [1, 2, 4, 8, 16]) {
      const block = 2048 / gamma
      for (const strategy of OFFLOADS) expect(unpackVector(profile, strategy, block, BYTES).dmaWrites, `${strategy} γ ${gamma}`).toBe(BYTES / block + 1)
    }
  })

  it('costs host preparation time only for the checkpointed strategies (Fig. 15): specialized and HPU-local prepare no checkpoints', () => {
    const prep = Object.fromEntries(OFFLOADS.map((s) => [s, unpackVector(profile, s, 128, BYTES).hostPrepNs]))
    expect(prep['specialized']).toBe(0)
    expect(prep['hpu-local']).toBe(0)
    expect(prep['rw-cp']).toBeGreaterThan(0)
    expect(prep['ro-cp']).toBeGreaterThan(0)
  })
})

describe('Fig. 12 times the handler, not its dispatch', () => {
  it('specialized at γ = 1 is base 50 + setup 30 + piece 20 + DMA issue 10 cycles at 800 MHz = 137.5 ns, without the 30 ns dispatch; the miss cause says so', () => {
    const p = handlerPhases(profile, unpackVector(profile, 'specialized', 2048, BYTES))
    expect(p).toEqual({ initNs: 62.5, setupNs: 37.5, blockNs: 37.5 })
    const rows = [1, 2, 4, 8, 16].flatMap((gamma) => [
      { strategy: 'specialized', gamma, initNs: 62.5, setupNs: 37.5, blockNs: 37.5 * gamma },
      { strategy: 'rw-cp', gamma, initNs: 73.75, setupNs: 37.5, blockNs: 75 * gamma },
      { strategy: 'ro-cp', gamma, initNs: 158, setupNs: 7000, blockNs: 1200 },
      { strategy: 'hpu-local', gamma, initNs: 62.5, setupNs: 9000, blockNs: 1200 },
    ])
    const [ratio] = fig12.check!({ name: 'fig12', profile: 'sc19', rows })
    expect(ratio!.pass).toBe(false)
    expect(ratio!.cause).toMatch(/30 ns dispatch is not handler time and not in this figure/)
  })
})
