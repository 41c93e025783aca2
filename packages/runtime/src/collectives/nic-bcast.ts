// Offloaded broadcast, host side. Every non-root rank posts an ME carrying the forwarding
// handlers (nic-bcast-contexts.ts) for this broadcast's match bits; once all are posted the root
// injects to its children and the NICs forward the data down the tree without the hosts.
// A rank is done when the NIC reports the whole message in its host memory ('put' events).
// Kind 'triggered' is the Portals 4 broadcast of SC17 §4.4.3 ("predefined triggered
// operations"): no handlers; each rank sets up one put per child beforehand, triggered by the
// ME's counting event when the message is deposited in host memory, and the NIC sends it from
// host memory without the CPU (as the Portals 4 pong of SC17 §4.4.1).
// Non-contiguous types travel packed: the root packs, the receivers unpack on the host.
//
// The MEs must be posted before the root's data can reach them (an unmatched message is
// dropped). comm.bcast guarantees it with a barrier between posting and starting (see bcast.ts);
// a caller that knows the MEs are posted (the benchmark, as SC17 measures) may split the two.

import { pack, unpack, type Datatype } from '@spinmpi/ddt'
import { ANY_SOURCE, ns, type HostEvent, type MatchEntry, type PutEvent } from '@spinmpi/nic'
import { resolveBuffer } from '../comm/buffer.js'
import type { Buffer } from '../comm/comm-types.js'
import type { CommCore } from '../comm/comm-core.js'
import { hostPackPs, hostUnpackPs } from '../strategies/model/host-cost.js'
import { nicBcastContext, type NicBcastKind } from './nic-bcast-contexts.js'
import { absoluteRank, binaryChildren, binaryParent, binomialChildren, binomialParent, relativeRank } from './trees.js'
import { goalTag, NIC_BCAST_CONTEXT } from '../trace/goal-tags.js'
import { TAG_UB } from '../comm/comm-types.js'

/** Low match bits of offloaded broadcasts: this base plus a per-communicator sequence number. */
const NIC_BCAST_BITS = 0xbc00_0000_0000n
/** userPtr of the broadcast MEs, so their events are told apart in traces. */
const NIC_BCAST_USER_PTR = 0xbca57

/** True when count x type occupies one contiguous run in memory, in packed order. */
function isContiguous(type: Datatype, count: number): boolean {
  return type.size === type.trueExtent && (count <= 1 || type.extent === type.size)
}

export interface PreparedNicBcast {
  /** The root injects; every rank resolves once the data is in its buffer. */
  start(): Promise<void>
}

/**
 * `sequenceOwner`: the communicator whose broadcasts are numbered (match bits); a nonblocking
 * bcast runs on its progress engine's view of `core` but shares the communicator's numbering.
 */
export function prepareNicBcast(
  core: CommCore, buf: Buffer, count: number, type: Datatype, root: number, kind: NicBcastKind | 'triggered', where: string,
  sequenceOwner: CommCore = core,
): PreparedNicBcast {
  const n = core.size
  const bytes = count * type.size
  const seq = sequenceOwner.nextBcastSequence()
  const bits = core.userMatchBits(NIC_BCAST_BITS + BigInt(seq))
  // GOAL export: the tree's messages as host messages (GOAL cannot say a NIC forwards them).
  const trace = core.trace
  const traceTag = goalTag(NIC_BCAST_CONTEXT, (seq * 128 + core.contextId) % (TAG_UB + 1))
  const v = relativeRank(core.rank, root, n)
  const tree = kind === 'binary' ? binaryChildren(v, n) : binomialChildren(v, n)
  // NICs are addressed by world rank; the tree is over the communicator's ranks.
  const children = tree.map((c) => core.group.worldRank(absoluteRank(c, root, n)))
  const r = resolveBuffer(buf, count, type, core.dataMode, where)
  const contiguous = isContiguous(type, count)
  let host: Uint8Array | null = null
  if (r.bytes !== null) {
    const start = r.origin + type.trueLb
    host = contiguous ? r.bytes.subarray(start, start + bytes) : new Uint8Array(bytes)
  }
  const overheadPs = ns(core.profile.network.overheadNs)
  const nic = core.nic

  if (v === 0) {
    return {
      async start() {
        if (!contiguous) {
          if (host !== null && r.bytes !== null) pack(type, count, r.bytes, r.origin, host, 0)
          await core.busy(hostPackPs(core.profile, type, count))
        }
        // SC17's root posts one put per child; the NICVM root hands one packet to its NIC,
        // whose module sends to both children.
        for (let i = 0; i < children.length; i++) {
          if (trace !== null) trace.waited(trace.send(bytes, children[i]!, traceTag), 0)
          if (kind !== 'binary' || i === 0) await core.busy(overheadPs)
          nic.put({ target: children[i]!, matchBits: bits, bytes, data: host })
        }
      },
    }
  }

  // The NICVM module runs on every NIC the broadcast reaches, leaves included (Myrinet §5.3: the
  // module decides from the node's tree position whether to send); sPIN trees run handlers only
  // where there is something to forward.
  const forwarding = kind !== 'triggered' && (children.length > 0 || kind === 'binary')
  // Portals 4: a counting event on the ME; each child's put waits on it (threshold: the one message)
  const counter = kind === 'triggered' && children.length > 0 ? nic.counter() : null
  const me: MatchEntry = nic.postMe({
    matchBits: bits,
    source: ANY_SOURCE,
    // Streaming parents send one message per packet: keep the ME until every byte is in.
    useOnce: kind === 'store',
    length: bytes,
    hostBuffer: host,
    userPtr: NIC_BCAST_USER_PTR,
    ...(forwarding ? { context: nicBcastContext({ kind, children, matchBits: bits, hostBuffer: host, maxDeviceBytes: core.profile.network.mtuBytes }) } : {}),
    ...(counter === null ? {} : { counter }),
  })
  if (counter !== null) {
    void counter.waitFor(1).then(() => {
      for (const c of children) nic.put({ target: c, matchBits: bits, bytes, data: host })
    })
  }
  const isMine = (e: HostEvent): e is PutEvent => e.kind === 'put' && e.meId === me.id
  return {
    async start() {
      let received = 0
      while (received < bytes) {
        const e = await core.pending(`${where}: waiting for ${bytes - received} of ${bytes} B from the NIC`, nic.events.next(isMine))
        received += e.length
      }
      if (me.linked) nic.unlinkMe(me)
      if (trace !== null) {
        const parent = core.group.worldRank(absoluteRank(kind === 'binary' ? binaryParent(v) : binomialParent(v), root, n))
        trace.waited(trace.recv(bytes, parent, traceTag), 0)
        for (const c of children) trace.send(bytes, c, traceTag)
      }
      await core.busy(overheadPs)
      if (!contiguous) {
        if (host !== null && r.bytes !== null) unpack(type, count, host, 0, r.bytes, r.origin)
        await core.busy(hostUnpackPs(core.profile, type, count))
      }
    },
  }
}
