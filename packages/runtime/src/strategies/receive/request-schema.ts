// Validation of a ReceiveRequest's plain fields (the objects are checked by their owners).

import { z } from 'zod'
import { MpiError, ERR_ARG } from '@spinmpi/ddt'
import type { ReceiveRequest } from '../contract.js'
import { RECEIVE_CHOICES } from './registry.js'

const schema = z.object({
  count: z.number().int({ error: 'expected a non-negative integer' }).min(0, { error: 'expected a non-negative integer' }),
  bufferOffset: z.number().int({ error: 'expected an integer' }),
  strategy: z.enum(RECEIVE_CHOICES, { error: `expected one of ${RECEIVE_CHOICES.join(', ')}` }),
  epsilon: z.number().positive({ error: 'expected a positive number' }).optional(),
  onNicMemoryFull: z.enum(['fallback', 'evict'], { error: 'expected fallback or evict' }).optional(),
  deltaR: z.number().int().positive({ error: 'expected a positive integer' }).optional(),
})

export function parseReceiveRequest(req: ReceiveRequest): void {
  const r = schema.safeParse(req)
  if (!r.success) {
    const issue = r.error.issues[0]!
    throw new MpiError(ERR_ARG, `receive.${issue.path.join('.')}: ${issue.message}`)
  }
  // that the type is committed, postParsedReceive checks (on every path)
}
