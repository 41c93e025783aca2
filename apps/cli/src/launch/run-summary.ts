// What `spinmpi run FILE` prints after a run: simulated time per rank and the latest, messages
// and bytes by protocol and by receive strategy, host CPU and HPU busy time, NIC memory peak,
// fallbacks, unreceived messages and each rank's return value. One object: --json prints it as
// it is, else as tables.
// Fields the runtime does not report (older runtimes) are left out rather than shown as zero.

import type { FaultCounts, FaultSpec, RunResult } from '@spinmpi/runtime'
import { formatTable } from '../table.js'
import { resultJson } from './result-json.js'
import { resultsText } from './results-text.js'

export interface StrategyLine {
  readonly receives: number
  readonly bytes: number
  readonly processingNs: number
  readonly hostNs: number
}

export interface RunSummary {
  readonly program: string
  readonly ranks: number
  readonly profile: string
  readonly mode: 'data' | 'timing'
  readonly strategy: string
  readonly send: string
  readonly seed: number
  /** Simulated time each rank finished, ns. */
  readonly timeNs: readonly number[]
  readonly maxTimeNs: number
  readonly messages: number
  readonly eager: { readonly messages: number; readonly bytes?: number }
  readonly rendezvous: { readonly messages: number; readonly bytes?: number }
  readonly packets: number
  readonly payloadBytes: number
  /** Receives by the strategy that served them (eager receives under 'eager' when the runtime reports them). */
  readonly byStrategy: Readonly<Record<string, StrategyLine>>
  /** Host CPU busy time per rank and in total, ns. */
  readonly hostBusyNs?: readonly number[]
  readonly hostBusyTotalNs?: number
  readonly hpuBusyNs: number
  readonly nicMemPeakBytes: number
  readonly fallbacks: number
  /** The faults asked for (--faults) and what they did. */
  readonly faults?: FaultSpec
  readonly faultCounts?: FaultCounts
  readonly unreceived?: unknown
  /** Receives no message matched by the end (only when there are some). */
  readonly unmatchedReceives?: readonly { readonly rank: number; readonly call: string }[]
  /** What each rank's main returned, as JSON data (result-json.ts). */
  readonly results: readonly unknown[]
}

export interface RunSettings {
  readonly program: string
  readonly ranks: number
  readonly mode: 'data' | 'timing'
  readonly strategy: string
  readonly send: string
  readonly seed: number
  readonly faults?: FaultSpec
}

/** Ranks listed one per row in the text summary. */
const PER_RANK_ROWS = 16

const ns = (ps: number): number => Math.round(ps) / 1000

export function summarize(settings: RunSettings, r: RunResult<unknown>): RunSummary {
  const s = r.stats as RunResult<unknown>['stats'] & Record<string, unknown>
  const byStrategy: Record<string, StrategyLine> = {}
  for (const [name, line] of Object.entries(s.byStrategy)) {
    if (line === undefined) continue
    byStrategy[name] = { receives: line.receives, bytes: line.bytes, processingNs: ns(line.processingPs), hostNs: ns(line.hostPs) }
  }
  const hostBusy = Array.isArray(s.hostBusyPs) ? (s.hostBusyPs as number[]).map(ns) : undefined
  return {
    ...settings,
    profile: r.profile.name,
    timeNs: r.endTimes.ns,
    maxTimeNs: ns(r.makespanPs),
    messages: s.messages,
    eager: { messages: s.eagerMessages, ...(typeof s.eagerBytes === 'number' ? { bytes: s.eagerBytes } : {}) },
    rendezvous: { messages: s.rendezvousMessages, ...(typeof s.rendezvousBytes === 'number' ? { bytes: s.rendezvousBytes } : {}) },
    packets: s.packets,
    payloadBytes: s.payloadBytes,
    byStrategy,
    ...(hostBusy === undefined ? {} : { hostBusyNs: hostBusy, hostBusyTotalNs: round3(hostBusy.reduce((a, b) => a + b, 0)) }),
    hpuBusyNs: ns(s.hpuBusyPs),
    nicMemPeakBytes: s.nicMemPeakBytes,
    fallbacks: s.fallbacks,
    ...(settings.faults === undefined || s.faults === undefined ? {} : { faultCounts: s.faults }),
    ...(s.unreceived === undefined ? {} : { unreceived: s.unreceived }),
    ...(r.stats.unmatchedReceives.length === 0 ? {} : { unmatchedReceives: r.stats.unmatchedReceives }),
    results: r.results.map(resultJson),
  }
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000
}

/** How many, and the first: `2 (rank 1: irecv(source=0, tag=5, count=4 x float64), ...)`. */
function unmatchedText(u: readonly { readonly rank: number; readonly call: string }[]): string {
  return `${u.length} (rank ${u[0]!.rank}: ${u[0]!.call}${u.length > 1 ? ', ...' : ''})`
}

/** Count of unreceived messages whatever shape the runtime reports them in. */
function unreceivedCount(u: unknown): number | undefined {
  if (typeof u === 'number') return u
  if (Array.isArray(u)) return u.length
  return undefined
}

export function summaryText(s: RunSummary): string {
  const head = [
    { field: 'program', value: s.program },
    { field: 'ranks', value: s.ranks },
    { field: 'profile', value: s.profile },
    { field: 'mode', value: s.mode },
    { field: 'strategy / send', value: `${s.strategy} / ${s.send}` },
    { field: 'max simulated time (ns)', value: s.maxTimeNs },
    { field: 'messages', value: s.messages },
    { field: 'eager messages', value: withBytes(s.eager) },
    { field: 'rendezvous messages', value: withBytes(s.rendezvous) },
    { field: 'packets', value: s.packets },
    ...(s.hostBusyTotalNs === undefined ? [] : [{ field: 'host CPU busy, all ranks (ns)', value: s.hostBusyTotalNs }]),
    { field: 'HPU busy, all NICs (ns)', value: s.hpuBusyNs },
    { field: 'NIC memory peak (B)', value: s.nicMemPeakBytes },
    { field: 'fallbacks', value: s.fallbacks },
    ...(s.faultCounts === undefined ? [] : faultRows(s.faultCounts)),
    ...(s.unreceived === undefined ? [] : [{ field: 'unreceived messages', value: unreceivedCount(s.unreceived) ?? JSON.stringify(s.unreceived) }]),
    ...(s.unmatchedReceives === undefined ? [] : [{ field: 'receives never matched', value: unmatchedText(s.unmatchedReceives) }]),
  ]
  // results last and outside the table's width: a long one (several ranks' objects) pushed every
  // right-aligned number of the table a hundred columns or more to the right
  const fieldWidth = Math.max('field'.length, 'results'.length, ...head.map((r) => r.field.length))
  const results = `${'results'.padEnd(fieldWidth)}  ${resultsText(s.results)}`
  // Many ranks: the first and last few (--json has every one).
  const shown = s.ranks <= PER_RANK_ROWS ? s.timeNs.map((_, r) => r)
    : [...Array.from({ length: PER_RANK_ROWS / 2 }, (_, r) => r), ...Array.from({ length: PER_RANK_ROWS / 2 }, (_, i) => s.ranks - PER_RANK_ROWS / 2 + i)]
  const perRank = shown.map((rank) => ({
    rank, 'time (ns)': s.timeNs[rank],
    ...(s.hostBusyNs === undefined ? {} : { 'host busy (ns)': s.hostBusyNs[rank] }),
  }))
  const strategies = Object.entries(s.byStrategy).map(([strategy, l]) => ({
    strategy, receives: l.receives, bytes: l.bytes, 'processing (ns)': l.processingNs, 'host (ns)': l.hostNs,
  }))
  const parts = [`${formatTable(head)}\n${results}`, formatTable(perRank)]
  if (strategies.length > 0) parts.push(formatTable(strategies))
  return `${parts.join('\n\n')}\n`
}

function faultRows(f: FaultCounts): { field: string; value: string | number }[] {
  return [
    { field: 'packets lost / retransmitted', value: `${f.dropped} / ${f.retransmitted}` },
    { field: 'duplicates (discarded / handled)', value: `${f.duplicates} (${f.duplicatesDiscarded} / ${f.duplicatesHandled})` },
    { field: 'spilled to host (NIC memory)', value: `${f.spilledPackets} packets, ${f.spilledBytes} B, ${f.spilledReceives} receives` },
  ]
}

function withBytes(p: { readonly messages: number; readonly bytes?: number }): string {
  return p.bytes === undefined ? String(p.messages) : `${p.messages} (${p.bytes} B)`
}
