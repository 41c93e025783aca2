// A plain-data summary of one NIC's statistics after a run (for `run` results and figures).

import type { Ps } from '../sim/time.js'
import type { HandlerSplit } from './execution-context.js'
import type { MessageRecord } from './nic-stats.js'
import type { Nic } from './nic.js'

/** A NIC's counters after a run: packets, handlers, HPU busy time, DMA and memory peaks. */
export interface NicReport {
  readonly node: number
  readonly packetsIn: number
  readonly packetsProcessed: number
  readonly packetsDeposited: number
  readonly packetsDropped: number
  readonly flowControlDrops: number
  readonly backPressureEvents: number
  /** Duplicate packets discarded before any handler ran. */
  readonly duplicatesDiscarded: number
  /** Duplicate packets whose payload handler ran (duplicatesToHandlers). */
  readonly duplicatesHandled: number
  /** Packets of processed messages spilled raw to host memory (NIC memory exhausted). */
  readonly packetsSpilled: number
  readonly spilledBytes: number
  readonly handlerErrors: number
  /** Handler execution time per HPU (ps). */
  readonly hpuBusyPs: readonly Ps[]
  readonly handlersPerHpu: readonly number[]
  readonly dmaPeakDepth: number
  readonly dmaWrites: number
  readonly dmaReads: number
  /** Bytes the NIC read from host memory over PCIe. */
  readonly dmaBytesRead: number
  readonly nicMemPeakBytes: number
  readonly pktBufPeakBytes: number
  /** Cycles booked by handlers per phase. */
  readonly split: HandlerSplit
  readonly messages: readonly MessageRecord[]
}

/** The report of `nic`'s counters. */
export function nicReport(nic: Nic): NicReport {
  const s = nic.stats
  return {
    node: nic.node,
    packetsIn: s.packetsIn,
    packetsProcessed: s.packetsProcessed,
    packetsDeposited: s.packetsDeposited,
    packetsDropped: s.packetsDropped,
    flowControlDrops: s.flowControlDrops,
    backPressureEvents: s.backPressureEvents,
    duplicatesDiscarded: s.duplicates,
    duplicatesHandled: s.duplicatesHandled,
    packetsSpilled: s.packetsSpilled,
    spilledBytes: s.spilledBytes,
    handlerErrors: s.handlerErrors,
    hpuBusyPs: Array.from(nic.scheduler.busyPs),
    handlersPerHpu: Array.from(nic.scheduler.handlerCount),
    dmaPeakDepth: nic.dma.peakDepth,
    dmaWrites: nic.dma.writes,
    dmaReads: nic.dma.reads,
    dmaBytesRead: nic.dma.bytesRead,
    nicMemPeakBytes: nic.memory.peak,
    pktBufPeakBytes: nic.buffer.peak,
    split: { ...s.split },
    messages: s.messages.slice(),
  }
}
