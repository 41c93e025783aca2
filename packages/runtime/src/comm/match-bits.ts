// The 64 match bits of every point-to-point message (Portals-style MPI):
//   [63:61] kind   EAGER 000, RTS 001 (a posted receive ignores bit 61 so it takes either),
//                  CTS 100, DATA 101 (exact, per rendezvous), USER 110/111 (other protocols)
//   [60:53] context (0 = user point-to-point, 1 = the hidden collective context)
//   [52:32] source rank
//   [31:0]  tag (EAGER, RTS) or a rendezvous id: of the sender's CTS ME (CTS), of the
//           receiver's data ME (DATA); ids are taken again once their ME has matched (Endpoint)

export const KIND_EAGER = 0n
export const KIND_RTS = 1n
export const KIND_CTS = 4n
export const KIND_DATA = 5n
export const KIND_USER = 6n

export const CONTEXT_P2P = 0
export const CONTEXT_COLL = 1

const KIND_SHIFT = 61n
const CONTEXT_SHIFT = 53n
const SOURCE_SHIFT = 32n
const LOW_MASK = 0xffffffffn
const SOURCE_MASK = (1n << 21n) - 1n
export const MAX_RANKS = 1 << 21

/** The four ignore masks of posted receives, by anySource * 2 + anyTag (made once: BigInts allocate). */
const IGNORE_MASKS: readonly bigint[] = [0, 1, 2, 3].map((i) => {
  let bits = 1n << KIND_SHIFT
  if ((i & 2) !== 0) bits |= SOURCE_MASK << SOURCE_SHIFT
  if ((i & 1) !== 0) bits |= LOW_MASK
  return bits
})

/** Ignore mask of a posted receive: the eager/RTS bit, and source / tag when wildcards. */
export function receiveIgnoreBits(anySource: boolean, anyTag: boolean): bigint {
  return IGNORE_MASKS[(anySource ? 2 : 0) + (anyTag ? 1 : 0)]!
}

// Every message computes its match bits on both sides; each BigInt operation allocates, so the
// shifted fields are kept: kind, context and source together (by kind and context, then source:
// bits of a larger tag or id then cost one BigInt, `| lo`), and small low values.
const headSourceBits = new Map<number, (bigint | undefined)[]>()
const SMALL_LOW = 1 << 14
const lowBits: bigint[] = []

// The whole bits too, for low values below FULL_LOW (the tags the collectives and most programs
// use, and the rendezvous ids of a rank with fewer than FULL_LOW in flight): composing allocates,
// and every message computes its bits on both sides.
// By kind and context, then source, then low value; filled as asked.
const FULL_LOW = 64
const fullBits = new Map<number, (bigint | undefined)[][]>()

export function matchBits(kind: bigint, context: number, source: number, low: number): bigint {
  const kc = Number(kind) * 256 + context
  const cacheable = low >= 0 && low < FULL_LOW && source >= 0 && source < MAX_RANKS && Number.isInteger(low) &&
    Number.isInteger(source) && context >= 0 && context < 256 && Number.isInteger(context)
  if (!cacheable) return composeBits(kind, kc, context, source, low)
  let bySource = fullBits.get(kc)
  if (bySource === undefined) fullBits.set(kc, (bySource = []))
  const byLow = (bySource[source] ??= [])
  return (byLow[low] ??= composeBits(kind, kc, context, source, low))
}

function composeBits(kind: bigint, kc: number, context: number, source: number, low: number): bigint {
  const l = low >>> 0
  let lo = l < SMALL_LOW ? lowBits[l] : undefined
  if (lo === undefined) {
    lo = BigInt(l)
    if (l < SMALL_LOW) lowBits[l] = lo
  }
  return headAndSource(kind, kc, context, source) | lo
}

/** Bits [63:32]: kind, context and source. */
function headAndSource(kind: bigint, kc: number, context: number, source: number): bigint {
  const cacheable = context >= 0 && context < 256 && Number.isInteger(context) && source >= 0 && source < MAX_RANKS && Number.isInteger(source)
  if (!cacheable) return (kind << KIND_SHIFT) | (BigInt(context) << CONTEXT_SHIFT) | (BigInt(source) << SOURCE_SHIFT)
  let bySource = headSourceBits.get(kc)
  if (bySource === undefined) headSourceBits.set(kc, (bySource = []))
  return (bySource[source] ??= (kind << KIND_SHIFT) | (BigInt(context) << CONTEXT_SHIFT) | (BigInt(source) << SOURCE_SHIFT))
}

/** The first bits of kind RTS: every eager message's bits are below (compared without a shift, which allocates). */
const EAGER_END = KIND_RTS << KIND_SHIFT

/** kindOf(bits) === KIND_EAGER, without allocating. */
export function isEager(bits: bigint): boolean {
  return bits < EAGER_END
}

export function kindOf(bits: bigint): bigint {
  return bits >> KIND_SHIFT
}

export function lowOf(bits: bigint): number {
  return Number(bits & LOW_MASK)
}

export function sourceOf(bits: bigint): number {
  return Number((bits >> SOURCE_SHIFT) & SOURCE_MASK)
}

/** Bits for protocols outside point-to-point; `low` must be below 2^61. */
export function userBits(low: bigint): bigint {
  if (low < 0n || low >= 1n << KIND_SHIFT) throw new RangeError(`user match bits: ${low} is outside [0, 2^61)`)
  return (KIND_USER << KIND_SHIFT) | low
}
