// Seeded random streams, one per purpose (reordering, faults, app data), so that adding draws to
// one purpose never shifts another. xoshiro128** seeded through splitmix32 of (seed, purpose).

function splitmix32(state: number): [number, number] {
  state = (state + 0x9e3779b9) | 0
  let z = state
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b)
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35)
  return [state, (z ^ (z >>> 16)) >>> 0]
}

function hashString(s: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193)
  return h >>> 0
}

export class Rng {
  private s0: number
  private s1: number
  private s2: number
  private s3: number

  constructor(seed: number, purpose = '') {
    let st = (seed ^ hashString(purpose)) | 0
    const out: number[] = []
    for (let i = 0; i < 4; i++) {
      const [next, v] = splitmix32(st)
      st = next
      out.push(v)
    }
    ;[this.s0, this.s1, this.s2, this.s3] = out as [number, number, number, number]
    if ((this.s0 | this.s1 | this.s2 | this.s3) === 0) this.s0 = 1
  }

  /** Uniform unsigned 32-bit integer. */
  nextU32(): number {
    const result = Math.imul(rotl(Math.imul(this.s1, 5), 7), 9) >>> 0
    const t = this.s1 << 9
    this.s2 ^= this.s0
    this.s3 ^= this.s1
    this.s1 ^= this.s2
    this.s0 ^= this.s3
    this.s2 ^= t
    this.s3 = rotl(this.s3, 11)
    return result
  }

  /** Uniform float in [0, 1). */
  next(): number {
    return this.nextU32() / 4294967296
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n)
  }

  /** Shuffles `a` in place (Fisher-Yates). */
  shuffle<T>(a: T[]): T[] {
    for (let i = a.length - 1; i > 0; i--) {
      const j = this.int(i + 1)
      const tmp = a[i]!
      a[i] = a[j]!
      a[j] = tmp
    }
    return a
  }
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k))
}
