// zod validation of what host code posts: ME options and execution contexts. A bad field becomes
// a NicInputError that names it.

import { z } from 'zod'
import { SpillArea } from './spill.js'

/** A bad argument to a NIC call (ME, put, context), named by field. */
export class NicInputError extends Error {
  override readonly name = 'NicInputError'
}

const fn = z.custom<(...args: never[]) => unknown>((v) => typeof v === 'function', { error: 'expected a function' })
const nonNegInt = z.number().int({ error: 'expected a non-negative integer' }).min(0, { error: 'expected a non-negative integer' })
const bytes = z.custom<Uint8Array>((v) => v instanceof Uint8Array, { error: 'expected a Uint8Array' })

export const PolicySchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('default') }),
  z.strictObject({
    kind: z.literal('blockedRR'),
    deltaP: z.number().int({ error: 'expected a positive integer' }).min(1, { error: 'expected a positive integer' }),
    vhpus: z.number().int({ error: 'expected a positive integer' }).min(1, { error: 'expected a positive integer' }),
  }),
], { error: "expected {kind:'default'} or {kind:'blockedRR', deltaP, vhpus}" })

export function contextSchema(maxHpuMem: number) {
  return z.strictObject({
    header: fn.optional(),
    payload: fn.optional(),
    completion: fn.optional(),
    hpuMemBytes: nonNegInt.max(maxHpuMem, { error: `exceeds the profile's nic.hpuMemBytes (${maxHpuMem})` }),
    initialMem: bytes.optional(),
    policy: PolicySchema.optional(),
    hostBuffer: bytes.nullable(),
  })
}

export function meSchema(maxHpuMem: number) {
  return z.strictObject({
    matchBits: z.bigint({ error: 'expected a bigint' }).min(0n, { error: 'expected a 64-bit unsigned bigint' }).max(0xffffffffffffffffn, { error: 'expected a 64-bit unsigned bigint' }),
    ignoreBits: z.bigint({ error: 'expected a bigint' }).optional(),
    source: z.number().int({ error: 'expected a node id or ANY_SOURCE (-1)' }).min(-1, { error: 'expected a node id or ANY_SOURCE (-1)' }).optional(),
    list: z.enum(['priority', 'overflow']).optional(),
    useOnce: z.boolean().optional(),
    hostBuffer: bytes.nullable().optional(),
    length: nonNegInt,
    hostBytesOnDemand: z.boolean().optional(),
    manageLocal: z.boolean().optional(),
    context: contextSchema(maxHpuMem).optional(),
    flowControl: z.boolean().optional(),
    spill: z.custom<SpillArea>((v) => v instanceof SpillArea, { error: 'expected a SpillArea' }).optional(),
    counter: z.any().optional(),
    userPtr: z.number().optional(),
    transient: z.boolean().optional(),
  })
}

const cache = new Map<number, { readonly me: ReturnType<typeof meSchema>; readonly context: ReturnType<typeof contextSchema> }>()

/** The ME and context schemas for one nic.hpuMemBytes, built once per process (zod schemas are costly to build). */
export function inputSchemas(maxHpuMem: number): { readonly me: ReturnType<typeof meSchema>; readonly context: ReturnType<typeof contextSchema> } {
  let s = cache.get(maxHpuMem)
  if (s === undefined) {
    s = { me: meSchema(maxHpuMem), context: contextSchema(maxHpuMem) }
    cache.set(maxHpuMem, s)
  }
  return s
}

/** Parses `value` or throws a NicInputError naming the first bad field. */
export function parseInput<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const r = schema.safeParse(value)
  if (r.success) return r.data
  const issue = r.error.issues[0]!
  const path = issue.path.length > 0 ? issue.path.join('.') : '(root)'
  throw new NicInputError(`${what}.${path}: ${issue.message}`)
}
