// How a collective call is named in errors and deadlock reports (the user's call, e.g.
// "allreduce(count=4, float64, SUM)"), and what every member must agree on: the call, its root,
// its data size per rank and its op. Parameters are named by the collective's record
// (collectives/collective.ts); arguments past them are shown by position (buffers omitted).

import type { Datatype } from '@spinmpi/ddt'
import { typeName } from './buffer.js'

/** One member's call as the consistency check compares it. */
export interface CallRecord {
  readonly name: string
  readonly label: string
  readonly root: number | null
  /** Bytes every member must agree on (e.g. count x type size of a bcast), or null. */
  readonly bytes: number | null
  readonly op: string | null
  /** Anything else compared exactly (e.g. the group of create), or null. */
  readonly detail: string | null
  /**
   * Per-rank counts every member must agree on in bytes (allgatherv's and reduceScatter's
   * recvcounts), with the size of their type; kept as the user's array, compared only when a
   * later member enters (no copy per call).
   */
  readonly counts?: { readonly name: string; readonly values: readonly unknown[]; readonly typeSize: number }
}

/** How a collective's parameter is shown in its call's label (buffers and options are not). */
export type CallParam = 'buf' | 'count' | 'type' | 'root' | 'op' | 'options' | 'counts' | 'displs' | 'types'

/** What describeCall needs of a collective's record: its parameter names and agreed (count, type) pair. */
export interface CallShape {
  readonly params: readonly CallParam[]
  /** Index of the (count, type) pair whose bytes all members share (e.g. a bcast's count, a scatter's receive count). */
  readonly agreedPair?: number
  /** Index of the per-rank counts every member must give alike (in bytes of the next `type` parameter). */
  readonly agreedCounts?: number
}

function isType(v: unknown): v is Datatype {
  return typeof v === 'object' && v !== null && 'signature' in v && 'size' in v
}

function isBufferArg(v: unknown): boolean {
  if (v === null || v instanceof ArrayBuffer || ArrayBuffer.isView(v)) return true
  return typeof v === 'object' && 'data' in v && 'byteOffset' in v
}

function opName(v: unknown): string | null {
  if (typeof v === 'string') return v
  if (typeof v === 'object' && v !== null && 'name' in v && typeof (v as { name: unknown }).name === 'string') return (v as { name: string }).name
  return null
}

function show(v: unknown): string | null {
  if (typeof v === 'number') return String(v)
  if (typeof v === 'string') return v
  if (isType(v)) return typeName(v)
  if (Array.isArray(v)) return v.length <= 8 ? `[${v.map((x) => (isType(x) ? typeName(x) : String(x))).join(',')}]` : `[${v.length} entries]`
  return null
}

export function describeCall(name: string, shape: CallShape, args: readonly unknown[]): CallRecord {
  const params = shape.params
  const parts: string[] = []
  let root: number | null = null
  let op: string | null = null
  args.forEach((v, i) => {
    const p = params[i]
    if (p === 'buf' || p === 'options') return
    if (p === 'root' && typeof v === 'number') root = v
    if (p === 'op') op = opName(v)
    const text = p === 'op' ? opName(v) : show(v)
    if (text === null) return
    parts.push(p === 'count' || p === 'root' || p === 'counts' ? `${p}=${text}` : text)
  })
  const pair = shape.agreedPair
  let bytes: number | null = null
  // The count's buffer (just before it, or the send buffer for the reductions) must be a real
  // buffer: a sentinel such as IN_PLACE means MPI ignores this count.
  const buf = args[params[pair ?? 0] === 'count' && params[(pair ?? 0) - 1] === 'buf' ? (pair ?? 0) - 1 : 0]
  if (pair !== undefined && isBufferArg(buf) && typeof args[pair] === 'number' && isType(args[pair + 1])) {
    bytes = (args[pair] as number) * (args[pair + 1] as Datatype).size
  }
  const label = `${name}(${parts.join(', ')})`
  const at = shape.agreedCounts
  if (at !== undefined) {
    const values = args[at], type = args[params.indexOf('type', at)]
    if (Array.isArray(values) && isType(type)) return { name, label, root, bytes, op, detail: null, counts: { name: 'recvcounts', values, typeSize: type.size } }
  }
  return { name, label, root, bytes, op, detail: null }
}

/** Why two members' calls disagree, or null. */
export function disagreement(a: CallRecord, b: CallRecord): string | null {
  if (a.name !== b.name) return 'different collectives'
  if (a.root !== b.root) return 'different roots'
  if (a.bytes !== null && b.bytes !== null && a.bytes !== b.bytes) return `different data sizes (${a.bytes} B and ${b.bytes} B)`
  if (a.op !== b.op) return 'different ops'
  if (a.detail !== b.detail) return 'different arguments'
  if (a.counts !== undefined && b.counts !== undefined) return countsDisagreement(a.counts, b.counts)
  return null
}

/** MPI: rank i's block has the same size at every member; the first block that does not. */
function countsDisagreement(a: NonNullable<CallRecord['counts']>, b: NonNullable<CallRecord['counts']>): string | null {
  if (a.values.length !== b.values.length) return null // the call's own check names a wrong length
  for (let i = 0; i < a.values.length; i++) {
    const x = a.values[i], y = b.values[i]
    if (typeof x !== 'number' || typeof y !== 'number') return null // and a bad entry
    if (x * a.typeSize !== y * b.typeSize) return `different ${a.name} (block of rank ${i}: ${x * a.typeSize} B and ${y * b.typeSize} B)`
  }
  return null
}
