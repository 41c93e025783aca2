// Large synthetic GOAL schedules written as text in chunks (never one whole-file string), for
// speed measurements and equivalence tests of the readers: a recursive-doubling allreduce, a
// 2-rank ping-pong chain and a seeded random exchange with wildcard receives. All are
// deadlock-free with LogGOPSim's semantics at the default eager limit.

/** Receives text pieces in order; the writer batches them into pieces of ~1 MB. */
export type TextSink = (piece: string) => void

class Batcher {
  private parts: string[] = []
  private bytes = 0
  constructor(private readonly sink: TextSink) {}
  line(s: string): void {
    this.parts.push(s)
    this.bytes += s.length + 1
    if (this.bytes >= 1 << 20) this.flush()
  }
  flush(): void {
    if (this.parts.length > 0) this.sink(`${this.parts.join('\n')}\n`)
    this.parts = []
    this.bytes = 0
  }
}

/**
 * Recursive-doubling allreduce on `hosts` (a power of two) ranks: in round k each rank sends
 * `bytes` to and receives from rank ^ 2^k, then reduces (a calc of `calc` units); the next
 * round's send and receive require that calc.
 */
export function writeAllreduce(sink: TextSink, hosts: number, bytes = 8, calc = 100): void {
  if (!Number.isInteger(Math.log2(hosts))) throw new RangeError('allreduce: hosts must be a power of two')
  const rounds = Math.log2(hosts)
  const out = new Batcher(sink)
  out.line(`num_ranks ${hosts}`)
  for (let r = 0; r < hosts; r++) {
    out.line(`rank ${r} {`)
    for (let k = 0; k < rounds; k++) {
      const peer = r ^ (1 << k)
      out.line(`s${k}: send ${bytes}b to ${peer} tag ${k}`)
      out.line(`r${k}: recv ${bytes}b from ${peer} tag ${k}`)
      out.line(`c${k}: calc ${calc}`)
      out.line(`c${k} requires r${k}`)
      if (k > 0) {
        out.line(`s${k} requires c${k - 1}`)
        out.line(`r${k} requires c${k - 1}`)
      }
    }
    out.line('}')
  }
  out.flush()
}

/** Two ranks bounce a message `ops / 2` times; every operation requires the previous one of its rank. */
export function writePingPongChain(sink: TextSink, ops: number, bytes = 8): void {
  const per = Math.floor(ops / 2)
  const out = new Batcher(sink)
  out.line('num_ranks 2')
  for (let r = 0; r < 2; r++) {
    out.line(`rank ${r} {`)
    for (let i = 0; i < per; i++) {
      const sends = (i % 2 === 0) === (r === 0)
      out.line(sends ? `a${i}: send ${bytes}b to ${1 - r}` : `a${i}: recv ${bytes}b from ${1 - r}`)
      if (i > 0) out.line(`a${i} requires a${i - 1}`)
    }
    out.line('}')
  }
  out.flush()
}

/** Deterministic 32-bit generator (mulberry32). */
function rng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** The wildcard-source receives take exactly the messages with this tag, and no other. */
const ANY_SOURCE_TAG = 1000

/**
 * `ranks` ranks each send `sendsPerRank` eager messages to random peers with random tags
 * (0..7, or ANY_SOURCE_TAG for one in eight, received with source -1) and post one receive
 * per incoming message in a shuffled order. Each send follows a calc and requires the previous
 * send; each receive requires the receive `window` places before it. Sends never wait for
 * receives, so every message is sent and every receive matched.
 */
export function writeRandomExchange(sink: TextSink, ranks: number, sendsPerRank: number, seed = 1, window = 8): void {
  const rand = rng(seed)
  const incoming: Array<Array<[number, number, number]>> = Array.from({ length: ranks }, () => [])
  const sends: Array<Array<[number, number, number]>> = Array.from({ length: ranks }, () => [])
  for (let r = 0; r < ranks; r++) {
    for (let i = 0; i < sendsPerRank; i++) {
      let dest = Math.floor(rand() * (ranks - 1))
      if (dest >= r) dest++
      const tag = rand() < 0.125 ? ANY_SOURCE_TAG : Math.floor(rand() * 8)
      const bytes = 1 + Math.floor(rand() * 4096)
      sends[r]!.push([dest, tag, bytes])
      incoming[dest]!.push([r, tag, bytes])
    }
  }
  const out = new Batcher(sink)
  out.line(`num_ranks ${ranks}`)
  for (let r = 0; r < ranks; r++) {
    out.line(`rank ${r} {`)
    sends[r]!.forEach(([dest, tag, bytes], i) => {
      out.line(`c${i}: calc ${1 + Math.floor(rand() * 2000)}`)
      out.line(`s${i}: send ${bytes}b to ${dest} tag ${tag}`)
      out.line(`s${i} requires c${i}`)
      if (i > 0) out.line(`c${i} requires s${i - 1}`)
    })
    const recvs = incoming[r]!
    for (let i = recvs.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1))
      const t = recvs[i]!
      recvs[i] = recvs[j]!
      recvs[j] = t
    }
    recvs.forEach(([src, tag, bytes], i) => {
      const from = tag === ANY_SOURCE_TAG ? -1 : src
      out.line(`r${i}: recv ${bytes}b from ${from} tag ${tag}`)
      if (i >= window) out.line(`r${i} requires r${i - window}`)
    })
    out.line('}')
  }
  out.flush()
}
