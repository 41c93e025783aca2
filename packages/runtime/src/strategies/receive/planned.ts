// A plan as a strategy record's plan() hands it to postReceive: the contract's ReceivePlan plus
// the undo of what planning acquired, for when posting the ME then fails.

import type { ReceivePlanOf as ReceivePlan } from '../contract-core.js'

export interface Planned {
  readonly plan: ReceivePlan
  /** Releases resident state acquired for the plan (posting failed). */
  abandon(): void
}

export const nothingToUndo = (): void => {}
