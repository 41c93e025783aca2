// What used to be counted as paper claims but holds by construction is tested here as a property
// of the mechanism instead (SC19 Figs. 14, 15, 17), on small messages.
import { describe, expect, it } from 'vitest'
import { OFFLOADS, unpackVector } from '../src/fig8.js'
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
