// The faults a run injects (docs/faults.md), as the library and the CLI take them: packet loss
// with retransmission, duplicate delivery, and NIC memory exhaustion mid-message. Validated with
// zod; a bad field is named.

import { ERR_ARG, MpiError } from '@spinmpi/ddt'
import type { ClusterFaults } from '@spinmpi/nic'
import { ns } from '@spinmpi/nic'
import { z } from 'zod'

/** Faults to inject into a run; every draw comes from `seed`, so a run repeats exactly. */
export interface FaultSpec {
  /** Probability that one transmission of a packet is lost (the sender retransmits it after a timeout). */
  readonly loss?: number
  /** Probability that a packet is delivered twice (the NIC discards the copy before any handler). */
  readonly dup?: number
  /**
   * What the receiving NIC does with a duplicate: 'discard' it before any handler (default: a
   * NIC with a reliable transport), or run the payload handler on it again ('handler': a NIC
   * without one; the handlers must be idempotent, and every receive strategy's are).
   */
  readonly dupMode?: 'discard' | 'handler'
  /**
   * Bytes of NIC memory left for buffering packets of offloaded receives: when handlers fall
   * behind and it runs out, further packets go raw to host memory and the host unpacks them.
   */
  readonly nicmem?: number
  /** Retransmission timeout in ns (default: twice the unloaded round trip of the profile). */
  readonly rtoNs?: number
  /** Seed of the fault draws (default: the run's seed). */
  readonly seed?: number
}

const probability = z.number({ error: 'expected a probability in [0, 1]' })
  .min(0, { error: 'expected a probability in [0, 1]' }).max(1, { error: 'expected a probability in [0, 1]' })

/** A probability below 1 for loss: with 1 every retransmission is lost too and nothing arrives. */
const lossProbability = z.number({ error: 'expected a probability in [0, 1)' })
  .min(0, { error: 'expected a probability in [0, 1)' }).lt(1, { error: 'expected a probability in [0, 1) (1 loses every retransmission)' })

export const FaultSpecSchema = z.strictObject({
  loss: lossProbability.optional(),
  dup: probability.optional(),
  dupMode: z.enum(['discard', 'handler'], { error: "expected 'discard' or 'handler'" }).optional(),
  nicmem: z.number({ error: 'expected a byte count' }).int({ error: 'expected a whole number of bytes' })
    .min(1, { error: 'expected at least 1 byte' }).max(2 ** 40, { error: 'expected at most 1 TiB' }).optional(),
  rtoNs: z.number({ error: 'expected a time in ns' }).positive({ error: 'expected a positive time' })
    .max(1e12, { error: 'expected at most 1e12 ns' }).optional(),
  seed: z.number({ error: 'expected an integer' }).int({ error: 'expected an integer' }).optional(),
}, { error: 'expected {loss?, dup?, dupMode?, nicmem?, rtoNs?, seed?}' })

/** What a cluster needs for `spec` (undefined when nothing is injected). */
export function clusterFaults(spec: FaultSpec | undefined, seed: number): ClusterFaults | undefined {
  if (spec === undefined) return undefined
  return {
    drop: spec.loss ?? 0,
    duplicate: spec.dup ?? 0,
    seed: spec.seed ?? seed,
    ...(spec.rtoNs === undefined ? {} : { rtoPs: Math.max(1, ns(spec.rtoNs)) }),
    ...(spec.nicmem === undefined ? {} : { packetMemBytes: spec.nicmem }),
    ...(spec.dupMode === 'handler' ? { duplicatesToHandlers: true } : {}),
  }
}

/** Validates a fault spec; a bad field is an MpiError(ERR_ARG) naming it, e.g. "runUnpack: faults.loss: ...". */
export function parseFaultSpec(value: unknown, where: string): FaultSpec {
  const r = FaultSpecSchema.safeParse(value)
  if (r.success) return r.data
  const issue = r.error.issues[0]!
  if (issue.code === 'unrecognized_keys') throw new MpiError(ERR_ARG, `${where}: faults: unknown fault ${issue.keys.join(', ')} (expected loss, dup, dupMode, nicmem, rtoNs, seed)`)
  const path = ['faults', ...issue.path].join('.')
  throw new MpiError(ERR_ARG, `${where}: ${path}: ${issue.message}`)
}
