import { describe, expect, it } from 'vitest'
import { speedRatio } from '../src/index.js'

describe('speedRatio', () => {
  it('divides the reference median time by the slowest, median and fastest sample time', () => {
    // copy takes 2 ms (median); pack samples span 4..8 ms with median 5 ms
    const r = speedRatio('pack (warm)', 'copy (warm)', { min: 4, median: 5, max: 8, samples: 20 }, 2)
    expect(r).toEqual({ task: 'pack (warm)', reference: 'copy (warm)', samples: 20, min: 0.25, median: 0.4, max: 0.5 })
  })
})
