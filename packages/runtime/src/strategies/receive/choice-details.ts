// A pooled strategy's plan details (rw-cp, ro-cp): one frozen object for a created state and one
// for a reused one, made again only when the Δr choice changes. The choice is made again at every
// receive (free NIC memory changes), but it comes out the same for most of them.

import type { PlanDetails } from '../contract-core.js'
import type { DeltaRChoice } from '../model/delta-r-constraints.js'

/** The details of a receive whose state was (reused) or was not reused, under `deltaRChoice`. */
export type DetailsMaker = (reused: boolean, deltaRChoice: Readonly<Pick<DeltaRChoice, 'binds' | 'satisfied'>>) => PlanDetails

export class ChoiceDetails {
  private choice: DeltaRChoice | null = null
  /** [created, reused] for `choice`. */
  private pair: readonly [PlanDetails, PlanDetails] | null = null

  constructor(private readonly make: DetailsMaker) {}

  /** The (frozen, shared) details for `choice`, of a receive that created its state or reused it. */
  of(choice: DeltaRChoice, created: boolean): PlanDetails {
    // Compared by value: a choice made again for another receive is a new object.
    let pair = this.pair
    const last = this.choice
    if (pair === null || last === null || !sameChoice(last, choice)) {
      const deltaRChoice = Object.freeze({ binds: choice.binds, satisfied: choice.satisfied })
      pair = [Object.freeze(this.make(false, deltaRChoice)), Object.freeze(this.make(true, deltaRChoice))]
      this.pair = pair
      this.choice = choice
    }
    return pair[created ? 0 : 1]
  }
}

/** The same Δr choice as the details tell it (Δr itself is the state's). */
function sameChoice(a: DeltaRChoice, b: DeltaRChoice): boolean {
  const x = a.satisfied, y = b.satisfied
  return a.binds === b.binds && x.overhead === y.overhead && x.memory === y.memory && x.packetBuffer === y.packetBuffer
}
