// What each rank is blocked on, for the deadlock report.

/** A blocked-on operation that describes itself only when a report needs the text. */
export interface Described {
  readonly description: string
}

export interface PendingLike {
  around<T>(what: string | readonly (string | Described)[], p: Promise<T>): Promise<T>
}

/**
 * The pending list of a communicator's hidden collective context: while a collective runs, the
 * report names the user's call (registered by the communicator), not its internal messages.
 */
export const UNLISTED: PendingLike = { around: (_d, p) => p }

type Listed = string | readonly (string | Described)[]

export class PendingOps implements PendingLike {
  /**
   * What each blocked call waits on, oldest first: the `what` given to around, kept as given (a
   * rank blocks in one call at a time, so this holds one entry or a few, and an array beats a Map).
   */
  private readonly ops: Listed[] = []

  /**
   * Lists `what` (its descriptions are taken when the list is read) until `p` settles. Not an
   * async function: `p.then` resumes the caller in the same microtask turn as `return await p`
   * would (one turn after p settles), without an async frame per blocking call.
   */
  around<T>(what: Listed, p: Promise<T>): Promise<T> {
    // a fresh array when `what` is a string: two calls may list equal strings, and each must
    // take its own entry out
    const entry = typeof what === 'string' ? [what] : what
    this.ops.push(entry)
    return p.then(
      (v) => {
        this.unlist(entry)
        return v
      },
      (e: unknown) => {
        this.unlist(entry)
        throw e
      },
    )
  }

  list(): string[] {
    return this.ops.flat().map((d) => (typeof d === 'string' ? d : d.description))
  }

  private unlist(entry: Listed): void {
    const ops = this.ops
    const i = ops.lastIndexOf(entry)
    if (i === ops.length - 1) ops.pop()
    else ops.splice(i, 1)
  }
}
