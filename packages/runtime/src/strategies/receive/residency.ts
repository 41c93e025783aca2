// Offloaded type state resident in NIC memory (descriptors, dataloops, master checkpoints).
// SC19 §3.2.6 creates it at commit and copies it at the first receive; later receives of the
// same type reuse it. Each NIC keeps its resident entries with a use count and a last-use time
// so that, when memory runs out, the least recently used idle entry can be evicted.

import type { Datatype } from '@spinmpi/ddt'
import type { Nic, Ps } from '@spinmpi/nic'

export interface ResidentState {
  readonly key: string
  /** The bytes as they sit in NIC memory (a real copy the handlers read). */
  readonly data: Uint8Array
  /** Offset of the block in NIC memory. */
  readonly offset: number
  users: number
  lastUse: Ps
  /** Host-side objects that go with the bytes (e.g. checkpoint segments), built once. */
  readonly extra: unknown
}

/** A resident entry acquired for a receive, and whether it was created (and copied) for it. */
export interface Acquired {
  state: ResidentState
  created: boolean
}

export class Residency {
  private readonly entries = new Map<string, ResidentState>()
  /** Small ids naming the types that have resident state here. */
  private readonly typeIds = new Map<Datatype, number>()
  /** Receives that fell back to host unpack for lack of NIC memory. */
  fallbacks = 0
  evictions = 0
  /** acquire's and reuse's result record (read at once by their callers). */
  private readonly acquired: Acquired = { state: null!, created: false }
  private readonly lastKey: { type: Datatype | null; count: number; what: string; param: number | null; key: string } = {
    type: null, count: -1, what: '', param: null, key: '',
  }

  constructor(private readonly nic: Nic) {}

  get residentBytes(): number {
    let b = 0
    for (const e of this.entries.values()) b += e.data.length
    return b
  }

  /**
   * The resident entry for `key`, creating it with `build` (which returns the bytes and extras)
   * when absent. Throws NicMemoryError when it cannot be allocated. `created` tells whether the
   * bytes were copied now (the caller charges the copy over PCIe). The result is this Residency's
   * one record, rewritten by the next call: read it at once.
   */
  acquire(key: string, build: () => { data: Uint8Array; extra: unknown }): Acquired {
    const hit = this.reuse(key)
    if (hit !== null) return hit
    const now = this.nic.sim.now
    const built = build()
    const offset = built.data.length > 0 ? this.nic.memory.alloc(built.data.length, now) : -1
    const state: ResidentState = { key, data: built.data, offset, users: 1, lastUse: now, extra: built.extra }
    this.entries.set(key, state)
    return this.result(state, true)
  }

  /**
   * acquire's hit alone: the entry for `key`, now in use by one more receive, or null when there
   * is none (the caller then calls acquire with its build, a closure made only then).
   */
  reuse(key: string): Acquired | null {
    const hit = this.entries.get(key)
    if (hit === undefined) return null
    hit.users++
    hit.lastUse = this.nic.sim.now
    return this.result(hit, false)
  }

  private result(state: ResidentState, created: boolean): Acquired {
    const a = this.acquired
    a.state = state
    a.created = created
    return a
  }

  release(state: ResidentState): void {
    if (state.users > 0) state.users--
    state.lastUse = this.nic.sim.now
  }

  /** Frees the least recently used idle entry; false when none is idle. */
  evictOne(now: Ps): boolean {
    let victim: ResidentState | null = null
    for (const e of this.entries.values()) {
      if (e.users === 0 && (victim === null || e.lastUse < victim.lastUse)) victim = e
    }
    if (victim === null) return false
    this.drop(victim, now)
    this.evictions++
    return true
  }

  /**
   * A key naming (type, count, strategy, parameter) for resident state. The last key is kept: a
   * rank receives one type many times in a row, and the string cost ~100 B per receive.
   */
  key(type: Datatype, count: number, what: string, param: number | null = null): string {
    const k = this.lastKey
    if (k.type === type && k.count === count && k.what === what && k.param === param) return k.key
    let id = this.typeIds.get(type)
    if (id === undefined) {
      id = this.typeIds.size + 1
      this.typeIds.set(type, id)
    }
    k.type = type
    k.count = count
    k.what = what
    k.param = param
    k.key = param === null ? `${id}/${count}/${what}` : `${id}/${count}/${what}/${param}`
    return k.key
  }

  /** Drops every idle entry (e.g. between benchmark runs). */
  clear(now: Ps): void {
    for (const e of [...this.entries.values()]) if (e.users === 0) this.drop(e, now)
  }

  private drop(e: ResidentState, now: Ps): void {
    this.entries.delete(e.key)
    if (e.offset >= 0) this.nic.memory.free(e.offset, now)
  }
}

const RESIDENCY = Symbol('spinmpi:residency')

/** The NIC's resident type state (kept with the NIC, so it lives and dies with the run). */
export function residencyOf(nic: Nic): Residency {
  let r = nic.attached.get(RESIDENCY) as Residency | undefined
  if (r === undefined) {
    r = new Residency(nic)
    nic.attached.set(RESIDENCY, r)
  }
  return r
}
