// How a collective call is named in errors and deadlock reports (the user's call, e.g.
// "allreduce(count=4, float64, SUM)"), and what every member must agree on: the call, its root,
// its data size per rank and its op. Parameters are named for the known collectives; others are
// shown by position (buffers omitted).

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
}

type Param = 'buf' | 'count' | 'type' | 'root' | 'op' | 'options' | 'counts' | 'displs' | 'types'

const PARAMS: Readonly<Record<string, readonly Param[]>> = {
  barrier: [],
  bcast: ['buf', 'count', 'type', 'root', 'options'],
  reduce: ['buf', 'buf', 'count', 'type', 'op', 'root'],
  allreduce: ['buf', 'buf', 'count', 'type', 'op'],
  gather: ['buf', 'count', 'type', 'buf', 'count', 'type', 'root'],
  scatter: ['buf', 'count', 'type', 'buf', 'count', 'type', 'root'],
  allgather: ['buf', 'count', 'type', 'buf', 'count', 'type'],
  alltoall: ['buf', 'count', 'type', 'buf', 'count', 'type'],
  alltoallv: ['buf', 'counts', 'displs', 'type', 'buf', 'counts', 'displs', 'type'],
  alltoallw: ['buf', 'counts', 'displs', 'types', 'buf', 'counts', 'displs', 'types'],
  gatherv: ['buf', 'count', 'type', 'buf', 'counts', 'displs', 'type', 'root'],
  scatterv: ['buf', 'counts', 'displs', 'type', 'buf', 'count', 'type', 'root'],
  allgatherv: ['buf', 'count', 'type', 'buf', 'counts', 'displs', 'type'],
  scan: ['buf', 'buf', 'count', 'type', 'op'],
  exscan: ['buf', 'buf', 'count', 'type', 'op'],
  reduceScatter: ['buf', 'buf', 'counts', 'type', 'op'],
  reduceScatterBlock: ['buf', 'buf', 'count', 'type', 'op'],
}

/** Index of the (count, type) pair whose bytes all members share: bcast/reduce/allreduce/gather/allgather/alltoall send, scatter receive. */
const AGREED_PAIR: Readonly<Record<string, number>> = {
  bcast: 1, reduce: 2, allreduce: 2, gather: 1, scatter: 4, allgather: 1, alltoall: 1, scan: 2, exscan: 2, reduceScatterBlock: 2,
}

/** A nonblocking collective (ibcast, igatherv, ...) takes its blocking form's arguments, in the same order. */
function blockingName(name: string): string {
  return /^i[a-z]/.test(name) && name.slice(1) in PARAMS ? name.slice(1) : name
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

export function describeCall(name: string, args: readonly unknown[]): CallRecord {
  const params = PARAMS[blockingName(name)]
  const parts: string[] = []
  let root: number | null = null
  let op: string | null = null
  args.forEach((v, i) => {
    const p = params?.[i]
    if (p === 'buf' || p === 'options') return
    if (p === 'root' && typeof v === 'number') root = v
    if (p === 'op') op = opName(v)
    const text = p === 'op' ? opName(v) : show(v)
    if (text === null) return
    parts.push(p === 'count' || p === 'root' || p === 'counts' ? `${p}=${text}` : text)
  })
  const pair = AGREED_PAIR[blockingName(name)]
  let bytes: number | null = null
  // The count's buffer (just before it, or the send buffer for the reductions) must be a real
  // buffer: a sentinel such as IN_PLACE means MPI ignores this count.
  const buf = args[params?.[pair ?? 0] === 'count' && params?.[(pair ?? 0) - 1] === 'buf' ? (pair ?? 0) - 1 : 0]
  if (pair !== undefined && isBufferArg(buf) && typeof args[pair] === 'number' && isType(args[pair + 1])) {
    bytes = (args[pair] as number) * (args[pair + 1] as Datatype).size
  }
  return { name, label: `${name}(${parts.join(', ')})`, root, bytes, op, detail: null }
}

/** Why two members' calls disagree, or null. */
export function disagreement(a: CallRecord, b: CallRecord): string | null {
  if (a.name !== b.name) return 'different collectives'
  if (a.root !== b.root) return 'different roots'
  if (a.bytes !== null && b.bytes !== null && a.bytes !== b.bytes) return `different data sizes (${a.bytes} B and ${b.bytes} B)`
  if (a.op !== b.op) return 'different ops'
  if (a.detail !== b.detail) return 'different arguments'
  return null
}
