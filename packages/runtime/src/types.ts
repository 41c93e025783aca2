// The datatype constructors as a `types` namespace (types.vector(...), types.FLOAT64, ...), and
// per-type attributes that steer how receives of the type are unpacked (SC19 §3.2.6) and how
// sends of it leave the sender (SC19 §3.1).

import {
  BYTE, CHAR, COMPLEX128, COMPLEX64, DOUBLE_INT, FLOAT32, FLOAT64, FLOAT_INT, INT16, INT32, INT64, INT8,
  SHORT_INT, TWO_INT, UINT16, UINT32, UINT64, UINT8, contiguous, darray, dup, elementary, hindexed, hindexedBlock,
  hvector, indexed, indexedBlock, resized, struct, subarray, typeFromJson, typeToJson, vector, ERR_ARG, MpiError, type Datatype,
} from '@spinmpi/ddt'
import { z } from 'zod'
import type { ReceiveStrategyChoice, SendStrategyName } from './strategies/contract.js'
import { RECEIVE_CHOICES } from './strategies/receive/registry.js'
import { SEND_STRATEGIES } from './strategies/send/registry.js'

/** The datatype API in one object, as MPI programs use it: the elementary types (`types.FLOAT64`) and the constructors (`types.vector(...)`). */
export const types = {
  BYTE, CHAR, INT8, UINT8, INT16, UINT16, INT32, UINT32, INT64, UINT64, FLOAT32, FLOAT64, COMPLEX64, COMPLEX128,
  FLOAT_INT, DOUBLE_INT, SHORT_INT, TWO_INT,
  /** The datatype constructor `elementary` of `@spinmpi/ddt`. */
  elementary,
  /** The datatype constructor `contiguous` of `@spinmpi/ddt`. */
  contiguous,
  /** The datatype constructor `vector` of `@spinmpi/ddt`. */
  vector,
  /** The datatype constructor `hvector` of `@spinmpi/ddt`. */
  hvector,
  /** The datatype constructor `indexed` of `@spinmpi/ddt`. */
  indexed,
  /** The datatype constructor `hindexed` of `@spinmpi/ddt`. */
  hindexed,
  /** The datatype constructor `indexedBlock` of `@spinmpi/ddt`. */
  indexedBlock,
  /** The datatype constructor `hindexedBlock` of `@spinmpi/ddt`. */
  hindexedBlock,
  /** The datatype constructor `struct` of `@spinmpi/ddt`. */
  struct,
  /** The datatype constructor `subarray` of `@spinmpi/ddt`. */
  subarray,
  /** The datatype constructor `darray` of `@spinmpi/ddt`. */
  darray,
  /** The datatype constructor `resized` of `@spinmpi/ddt`. */
  resized,
  /** The datatype constructor `dup` of `@spinmpi/ddt`. */
  dup,
  /** Reads a type from its JSON form (`typeFromJson` of `@spinmpi/ddt`). */
  fromJson: typeFromJson,
  /** Writes a type as JSON (`typeToJson` of `@spinmpi/ddt`). */
  toJson: typeToJson,
} as const

export const RECEIVE_STRATEGY_CHOICES = RECEIVE_CHOICES
export const SEND_STRATEGY_CHOICES = SEND_STRATEGIES

/** Per-type choices that override the run's: the receive strategy and the send strategy for messages of this type. */
export interface TypeAttributes {
  /** false: receives of this type are always unpacked by the host. */
  readonly offload?: boolean
  readonly strategy?: ReceiveStrategyChoice
  /** Scheduling-overhead bound ε of the checkpoint interval model (SC19 §3.2.4). */
  readonly epsilon?: number
  /** Higher keeps its NIC state longer when memory is short (recorded; see docs/runtime.md). */
  readonly priority?: number
  /** Send strategy of non-contiguous sends of this type (overrides the run option `send`). */
  readonly send?: SendStrategyName
}

const AttributesSchema = z.strictObject({
  offload: z.boolean({ error: 'expected true or false' }).optional(),
  strategy: z.enum(RECEIVE_STRATEGY_CHOICES, { error: `expected one of ${RECEIVE_STRATEGY_CHOICES.join(', ')}` }).optional(),
  epsilon: z.number({ error: 'expected a number in (0, 1)' }).gt(0, { error: 'expected a number in (0, 1)' })
    .lt(1, { error: 'expected a number in (0, 1)' }).optional(),
  priority: z.number({ error: 'expected an integer' }).int({ error: 'expected an integer' }).optional(),
  send: z.enum(SEND_STRATEGY_CHOICES, { error: `expected one of ${SEND_STRATEGY_CHOICES.join(', ')}` }).optional(),
})

const attributes = new WeakMap<Datatype, TypeAttributes>()

/** Sets (merges) attributes of `type`; a bad field is an MpiError(ERR_ARG) naming it. */
export function setTypeAttributes(type: Datatype, attrs: TypeAttributes): void {
  const r = AttributesSchema.safeParse(attrs)
  if (!r.success) {
    const issue = r.error.issues[0]!
    const field = issue.path.length > 0 ? issue.path.join('.') : (issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : '(root)')
    throw new MpiError(ERR_ARG, `setTypeAttributes: ${field}: ${issue.code === 'unrecognized_keys' ? 'unknown attribute' : issue.message}`)
  }
  attributes.set(type, { ...attributes.get(type), ...r.data })
}

/** The attributes set on `type` (an empty object when none). */
export function getTypeAttributes(type: Datatype): TypeAttributes {
  return attributes.get(type) ?? {}
}

/** The type's ε attribute, or undefined (per message: no attributes object made for a type without any). */
export function typeEpsilon(type: Datatype): number | undefined {
  return attributes.get(type)?.epsilon
}

/** Strategy for one receive: type attribute > run option > 'auto' (offload off forces host). */
export function strategyFor(type: Datatype, runStrategy: ReceiveStrategyChoice | undefined): ReceiveStrategyChoice {
  const a = attributes.get(type)
  if (a?.offload === false) return 'host'
  return a?.strategy ?? runStrategy ?? 'auto'
}

/** Send strategy of one non-contiguous send: type attribute > run option > 'host'. */
export function sendStrategyFor(type: Datatype, runSend: SendStrategyName | undefined): SendStrategyName {
  return attributes.get(type)?.send ?? runSend ?? 'host'
}
