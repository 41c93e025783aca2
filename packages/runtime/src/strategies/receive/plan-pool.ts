// Plans a strategy hands out again: the MPI layer gives a rendezvous receive's plan back
// (recyclePlan) once the data is in, the plan finished and its stats recorded; the strategy's
// next receive takes it. Plans given to other callers (postReceive) are never given back.

/** Whether pools made from now on hand given-back plans out again (see setReceivePlanReuse). */
let reuseByDefault = true

/**
 * Tests only: false makes the pools created afterwards keep the plans given back to them
 * poisoned and never hand them out again, so a read of a recycled plan shows. Returns the
 * previous setting.
 */
export function setReceivePlanReuse(on: boolean): boolean {
  const was = reuseByDefault
  reuseByDefault = on
  return was
}

/** A plan that can be given back: it poisons itself first. */
export interface Poisonable {
  poison(): void
}

/** One strategy's given-back plans (e.g. of one resident checkpoint state). */
export class PlanPool<T extends Poisonable> {
  private readonly free: T[] = []
  private readonly reuse = reuseByDefault
  /** Plans given back so far (tests: the pooled path was taken). */
  given = 0

  /** A given-back plan, or null (the caller makes a new one). */
  take(): T | null {
    return this.free.pop() ?? null
  }

  give(p: T): void {
    p.poison()
    this.given++
    if (this.reuse) this.free.push(p)
  }
}
