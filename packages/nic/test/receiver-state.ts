// What two runs of a cluster must agree on at the receiver (NIC 1) when a test compares a new
// handler path with the one it replaces: events, per-message records, the handler split, the
// DMA engine's counters, the simulator's clock and numbering, and the host bytes (data mode).
import { Buffer } from 'node:buffer'
import type { Cluster, HostEvent } from '../src/internal.js'

export function receiverState(c: Cluster, hosts: Uint8Array[] | null) {
  const nic = c.nic(1)
  return {
    events: nic.events.log.map((e: HostEvent) => [e.kind, e.time]),
    messages: nic.stats.messages.map((r) => ({ ...r })),
    split: { ...nic.stats.split },
    dma: [nic.dma.writes, nic.dma.bytesWritten, nic.dma.peakDepth, nic.dma.drainTime],
    now: c.sim.now, executed: c.sim.executed, next: c.sim.upcomingSeq,
    host: hosts === null ? null : hosts.map((h) => Buffer.from(h).toString('base64')),
  }
}
