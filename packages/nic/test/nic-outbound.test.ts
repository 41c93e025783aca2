import { describe, expect, it } from 'vitest'
import { Cluster, ReturnCode } from '../src/index.js'

const pattern = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 17 + 2) & 0xff)
const src3000 = () => pattern(3000)

describe('outbound engine', () => {
  it("sendEvent: false posts no 'send' event (and no simulator event for it); the put arrives as with one", () => {
    const runPuts = (sendEvent: boolean | undefined) => {
      const c = new Cluster({ nodes: 2, profile: 'sc19', seed: 1 })
      const host = new Uint8Array(8000)
      c.nic(1).postMe({ matchBits: 5n, length: host.length, hostBuffer: host, useOnce: false, manageLocal: true })
      const src = pattern(3000)
      // a one-shot put and a streaming one, each with the option as given
      const dest = { target: 1, matchBits: 5n, ...(sendEvent === undefined ? {} : { sendEvent }) }
      c.nic(0).put({ ...dest, bytes: src.length, data: src })
      const s = c.nic(0).sputStart(dest, 3000, src.subarray(0, 1000), 1000)
      c.nic(0).sputStream(s, src.subarray(1000), 2000, true)
      c.run()
      return {
        sends: c.nic(0).events.log.filter((e) => e.kind === 'send').map((e) => e.time),
        puts: c.nic(1).events.log.filter((e) => e.kind === 'put').map((e) => [e.time, e.length]),
        executed: c.sim.executed,
        bytes: Array.from(host.subarray(0, 6000)),
      }
    }
    const quiet = runPuts(false)
    const loud = runPuts(undefined)
    expect(runPuts(true)).toEqual(loud)
    expect(loud.sends).toHaveLength(2)
    expect(quiet.sends).toEqual([])
    // the same arrivals, bytes and times; one event fewer per put (the sender's injected event)
    expect(quiet.puts).toEqual(loud.puts)
    expect(quiet.bytes).toEqual(loud.bytes)
    expect(quiet.bytes.slice(0, 3000)).toEqual(Array.from(src3000()))
    expect(quiet.executed).toBe(loud.executed - 2)
  })

  it('streaming puts form one message at the target: one match, one header and one completion handler', () => {
    const c = new Cluster({ nodes: 2, profile: 'sc19', seed: 1 })
    const total = 5000
    const host = new Uint8Array(total)
    const calls = { header: 0, payload: 0, completion: 0 }
    c.nic(1).postMe({
      matchBits: 8n, length: total, hostBuffer: host,
      context: {
        hpuMemBytes: 0, hostBuffer: host,
        header: () => { calls.header++; return ReturnCode.PROCESS_DATA },
        payload: (ctx, pkt) => { calls.payload++; ctx.dmaToHost(pkt.offset, pkt.data, 0, pkt.length, { noEvent: true }); return ReturnCode.SUCCESS },
        completion: () => { calls.completion++; return ReturnCode.SUCCESS },
      },
    })
    const src = pattern(total)
    // chunks of 100, 3000 and 1900 bytes: the NIC cuts the 5000-byte stream into 2048 + 2048 + 904
    const s = c.nic(0).sputStart({ target: 1, matchBits: 8n }, total, src.subarray(0, 100), 100)
    c.nic(0).sputStream(s, src.subarray(100, 3100), 3000, false)
    c.nic(0).sputStream(s, src.subarray(3100), 1900, true)
    c.run()
    expect(calls).toEqual({ header: 1, payload: 3, completion: 1 })
    expect(Buffer.compare(host, src)).toBe(0)
    expect(c.nic(1).events.log.filter((e) => e.kind === 'put')).toHaveLength(1)
    expect(() => c.nic(0).sputStream(s, null, 1, true)).toThrow(/already ended/)
  })

  it('process-put: outbound handlers fill each packet from host memory; the target gets the bytes', () => {
    const c = new Cluster({ nodes: 2, profile: 'sc19', seed: 1 })
    const bytes = 3 * 2048 + 10
    const sendHost = pattern(bytes)
    const recvHost = new Uint8Array(bytes)
    c.nic(1).postMe({ matchBits: 9n, length: bytes, hostBuffer: recvHost })
    c.nic(0).processPut({ target: 1, matchBits: 9n, ack: true }, bytes, {
      hpuMemBytes: 0, hostBuffer: sendHost,
      payload: (ctx, pkt) => { ctx.dmaFromHost(pkt.offset, pkt.data, 0, pkt.length); return ReturnCode.SUCCESS },
    })
    c.run()
    expect(Buffer.compare(recvHost, sendHost)).toBe(0)
    expect(c.nic(0).scheduler.handlerCount.reduce((a, b) => a + b, 0)).toBe(4)
    expect(c.nic(0).events.log.filter((e) => e.kind === 'ack')).toHaveLength(1)
    expect(c.nic(1).events.log.filter((e) => e.kind === 'put')).toHaveLength(1)
  })

  it('async host code awaits events at their simulated times', async () => {
    const c = new Cluster({ nodes: 2, profile: 'sc19', seed: 1 })
    const counter = c.nic(1).counter()
    c.nic(1).postMe({ matchBits: 1n, useOnce: false, length: 8, hostBuffer: new Uint8Array(8), counter })
    const seen: number[] = []
    const waiter = (async () => {
      const e = await c.nic(1).events.next((ev) => ev.kind === 'put')
      seen.push(e.time, c.sim.now)
      await counter.waitFor(2)
      seen.push(c.sim.now)
    })()
    c.nic(0).put({ target: 1, matchBits: 1n, bytes: 8, data: new Uint8Array(8) })
    c.nic(0).put({ target: 1, matchBits: 1n, bytes: 8, data: new Uint8Array(8) })
    await c.runAsync()
    await waiter
    const puts = c.nic(1).events.log.filter((e) => e.kind === 'put').map((e) => e.time)
    expect(seen).toEqual([puts[0], puts[0], puts[1]])
  })
})
