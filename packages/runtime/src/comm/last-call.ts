// The last MPI call a rank made, for the time-limit report (a rank that polls is in no blocking
// call, so the pending list says nothing about it). Noting a call is a few stores and no
// allocation; the text is made only when a report asks for it.

import { ANY_SOURCE, ANY_TAG, PROC_NULL } from './mpi-constants.js'
import { showValue } from './validate.js'

export type PeerName = '' | 'dest' | 'source'

export class LastCall {
  private call = ''
  private on: { readonly name: string } | null = null
  private peerName: PeerName = ''
  private peer: unknown = undefined
  private tag: unknown = undefined

  /** Records `call` on communicator `on`, with its peer and tag for point-to-point calls. */
  note(call: string, on: { readonly name: string }, peerName: PeerName = '', peer?: unknown, tag?: unknown): void {
    this.call = call
    this.on = on
    this.peerName = peerName
    this.peer = peer
    this.tag = tag
  }

  /** e.g. "iprobe(source=1, tag=7) on COMM_WORLD", or null before the first call. */
  describe(): string | null {
    if (this.on === null) return null
    const args = this.peerName === '' ? '' : `(${this.peerName}=${showPeer(this.peer)}, tag=${this.tag === ANY_TAG ? 'ANY_TAG' : showValue(this.tag)})`
    return `${this.call}${args} on ${this.on.name}`
  }
}

function showPeer(peer: unknown): string {
  if (peer === ANY_SOURCE) return 'ANY_SOURCE'
  if (peer === PROC_NULL) return 'PROC_NULL'
  return showValue(peer)
}
