import { describe, expect, it } from 'vitest'
import { Cluster } from '../src/index.js'

const bytesOf = (n: number, seed: number) => Uint8Array.from({ length: n }, (_, i) => (i + seed) & 0xff)

describe('a priority ME posted while an unexpected message is still arriving', () => {
  it("gets the 'put-overflow' event (its id and userPtr) once the last byte is in", () => {
    const c = new Cluster({ nodes: 2, profile: 'sc19', seed: 1 })
    const rx = c.nic(1)
    const ovf = new Uint8Array(4096)
    rx.postMe({ matchBits: 0n, ignoreBits: ~0n & 0xffffffffffffffffn, list: 'overflow', useOnce: false, manageLocal: true, length: 4096, hostBuffer: ovf, userPtr: 1 })
    // a streaming put: one full packet now, the last 6 B 5 us later
    const data = bytesOf(2054, 3)
    const s = c.nic(0).sputStart({ target: 1, matchBits: 77n }, 2054, data.subarray(0, 2048), 2048)
    c.sim.at(5_000_000, () => c.nic(0).sputStream(s, data.subarray(2048), 6, true))
    let late: ReturnType<typeof rx.postMe> | null = null
    // 2 us: the header is matched to the overflow ME, the message is not complete
    c.sim.at(2_000_000, () => {
      expect(rx.probe({ matchBits: 77n })).not.toBeNull()
      late = rx.postMe({ matchBits: 77n, length: 2054, hostBuffer: new Uint8Array(2054), userPtr: 9 })
    })
    c.run()
    const ev = rx.events.log.find((e) => e.kind === 'put-overflow')!
    expect(ev.meId).toBe(late!.id)
    expect(ev.userPtr).toBe(9)
    expect(ev.time).toBeGreaterThan(5_000_000)
    expect(ovf.subarray(0, 2054)).toEqual(data)
  })
})
