// The matching unit: priority list searched first, then the overflow list (Portals 4). Header
// packets search; later packets of the message follow the channel the header established.
// Unexpected messages (matched on the overflow list) are remembered so that a later priority
// append finds them first, as Portals' PtlMEAppend does.

import { insertAt, removeAt } from '../net/list-at.js'
import { MatchEntry, type MeOptions } from './match-entry.js'
import type { MessageHeader } from './handler-api.js'

/** A message that landed in an overflow buffer before any priority ME matched it. */
export interface UnexpectedMessage {
  readonly header: MessageHeader
  readonly me: MatchEntry
  /** Where its payload starts in the overflow ME's host buffer. */
  readonly hostOffset: number
  /** Bytes deposited (the message length, clipped to the overflow ME). */
  readonly storedBytes: number
  /** True once its last byte is in host memory. */
  done: boolean
  doneAt: number
  /** Once done: when its first packet reached the NIC, and bytes dropped on the way in. */
  firstByteAt: number
  droppedBytes: number
  /** A late-posted priority ME took it; its 'put-overflow' event waits for done. */
  claimed: boolean
  /** That ME: the 'put-overflow' event of a message still arriving is its event, not the overflow ME's. */
  claimedBy: MatchEntry | null
}

/** Whether matching units made from now on hand retired MEs out again (see setMatchEntryReuse). */
let reuseEntries = true

/**
 * Tests only: false makes the matching units created afterwards poison the MEs their owners
 * retire and never hand them out again, so a read of a retired ME shows. Returns the previous setting.
 */
export function setMatchEntryReuse(on: boolean): boolean {
  const was = reuseEntries
  reuseEntries = on
  return was
}

export class MatchingUnit {
  /** Retired MEs (Nic.retireMe), poisoned, taken again by create. */
  private readonly spares: MatchEntry[] = []
  private readonly reuse = reuseEntries
  private readonly priority: MatchEntry[] = []
  private readonly overflow: MatchEntry[] = []
  private readonly unexpected: UnexpectedMessage[] = []
  private nextId = 1
  private nextSeq = 0
  /** List entries visited by searches (a measure of matching work). */
  searched = 0

  create(options: MeOptions): MatchEntry {
    const spare = this.spares.pop()
    if (spare !== undefined) return spare.reset(this.nextId++, this.nextSeq++, options)
    return new MatchEntry(this.nextId++, this.nextSeq++, options)
  }

  /** Whether retired MEs are handed out again (and their contexts: Nic.retireMe). */
  get reusesEntries(): boolean {
    return this.reuse
  }

  /** An ME nobody refers to any more (Nic.retireMe checked): poisoned, and kept for create. */
  retire(me: MatchEntry): void {
    me.poison()
    if (this.reuse) this.spares.push(me)
  }

  /** Links `me` at the end of its list. */
  link(me: MatchEntry): void {
    me.linked = true
    this.listOf(me).push(me)
  }

  /** Puts an ME that was taken off for a message back at its original place (PENDING returns). */
  relink(me: MatchEntry): void {
    const list = this.listOf(me)
    let i = 0
    while (i < list.length && list[i]!.seq < me.seq) i++
    insertAt(list, i, me)
    me.linked = true
  }

  unlink(me: MatchEntry): void {
    if (!me.linked) return
    const list = this.listOf(me)
    const i = list.indexOf(me)
    if (i >= 0) removeAt(list, i)
    me.linked = false
  }

  /** Finds the ME a header packet matches: priority list first, then overflow. */
  match(source: number, matchBits: bigint): MatchEntry | null {
    for (const me of this.priority) {
      this.searched++
      if (me.accepts(source, matchBits)) return me
    }
    for (const me of this.overflow) {
      this.searched++
      if (me.accepts(source, matchBits)) return me
    }
    return null
  }

  recordUnexpected(u: UnexpectedMessage): void {
    this.unexpected.push(u)
  }

  /** First unexpected message `me` would have matched; removed when `take`. */
  searchUnexpected(me: MatchEntry, take: boolean): UnexpectedMessage | null {
    for (let i = 0; i < this.unexpected.length; i++) {
      const u = this.unexpected[i]!
      this.searched++
      if (me.accepts(u.header.source, u.header.matchBits)) {
        if (take) removeAt(this.unexpected, i)
        return u
      }
    }
    return null
  }

  get unexpectedCount(): number {
    return this.unexpected.length
  }

  listLength(kind: 'priority' | 'overflow'): number {
    return kind === 'priority' ? this.priority.length : this.overflow.length
  }

  private listOf(me: MatchEntry): MatchEntry[] {
    return me.list === 'priority' ? this.priority : this.overflow
  }
}
