// How a collective call is named in errors and deadlock reports (the user's call, e.g.
// "allreduce(count=4, float64, SUM)"), and what every member must agree on: the call, its root,
// its data size per rank, its element type (when the type is of one elementary type), its op and
// what its options choose (a bcast's algorithm). Parameters are named by the collective's record
// (collectives/collective.ts); arguments past them are shown by position (buffers omitted).

import type { Datatype } from '@spinmpi/ddt'
import type { Profile } from '@spinmpi/nic'
import { typeName } from './buffer.js'
import { signatureCode, signatureMismatch, SIGNATURE_UNKNOWN } from './signature-code.js'

/** One member's call as the consistency check compares it. */
export interface CallRecord {
  readonly name: string
  readonly label: string
  readonly root: number | null
  /** Bytes every member must agree on (e.g. count x type size of a bcast), or null. */
  readonly bytes: number | null
  /**
   * signatureCode of the agreed pair's type (absent or SIGNATURE_UNKNOWN: mixed, bytes, no pair). MPI wants equal
   * signatures; the host algorithms' receives would catch a difference, the NIC-forwarded
   * broadcasts move bytes and would not, so it is compared here for all.
   */
  readonly elements?: number
  readonly op: string | null
  /** Anything else compared exactly (e.g. the group of create), or null. */
  readonly detail: string | null
  /** What the call's options choose that every member must choose alike (a bcast's algorithm, 'auto' resolved), or null. */
  readonly option?: AgreedOption
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
  /**
   * What of its `options` argument every member must choose alike, given the agreed bytes and the
   * run's profile (a bcast's algorithm, 'auto' resolved: ranks that mix host and NIC algorithms
   * wait for each other forever); null when the options are invalid (the call's own check names
   * them) or do not matter.
   */
  readonly agreedOption?: (options: unknown, bytes: number, profile: Profile) => AgreedOption | null
}

/** A choice the options make: what it is (plural, for the message), the value compared, the value shown. */
export interface AgreedOption {
  readonly what: string
  readonly key: string
  readonly shown: string
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

export function describeCall(name: string, shape: CallShape, args: readonly unknown[], profile?: Profile): CallRecord {
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
  let elements = SIGNATURE_UNKNOWN
  // The count's buffer (just before it, or the send buffer for the reductions) must be a real
  // buffer: a sentinel such as IN_PLACE means MPI ignores this count.
  const buf = args[params[pair ?? 0] === 'count' && params[(pair ?? 0) - 1] === 'buf' ? (pair ?? 0) - 1 : 0]
  if (pair !== undefined && isBufferArg(buf) && typeof args[pair] === 'number' && isType(args[pair + 1])) {
    const type = args[pair + 1] as Datatype
    bytes = (args[pair] as number) * type.size
    elements = signatureCode(type)
  }
  const label = `${name}(${parts.join(', ')})`
  const chosen = shape.agreedOption !== undefined && profile !== undefined && bytes !== null
    ? shape.agreedOption(args[params.indexOf('options')], bytes, profile)
    : null
  const base = { name, label, root, bytes, elements, op, detail: null, ...(chosen === null ? {} : { option: chosen }) }
  const at = shape.agreedCounts
  if (at !== undefined) {
    const values = args[at], type = args[params.indexOf('type', at)]
    if (Array.isArray(values) && isType(type)) return { ...base, counts: { name: 'recvcounts', values, typeSize: type.size } }
  }
  return base
}

/** Why two members' calls disagree, or null. */
export function disagreement(a: CallRecord, b: CallRecord): string | null {
  if (a.name !== b.name) return 'different collectives'
  if (a.root !== b.root) return 'different roots'
  if (a.bytes !== null && b.bytes !== null && a.bytes !== b.bytes) return `different data sizes (${a.bytes} B and ${b.bytes} B)`
  const types = a.bytes !== 0 && b.bytes !== 0 ? signatureMismatch(a.elements ?? SIGNATURE_UNKNOWN, b.elements ?? SIGNATURE_UNKNOWN) : null
  if (types !== null) return `different element types (${types[0]} and ${types[1]})`
  if (a.op !== b.op) return 'different ops'
  if (a.option !== undefined && b.option !== undefined && a.option.key !== b.option.key) return `different ${a.option.what} (${a.option.shown} and ${b.option.shown})`
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
