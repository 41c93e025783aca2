// MPI_Status: who sent, which tag, how many bytes arrived, and counts in any type.

import { ELEMENTARY, type Datatype, type ErrorClass } from '@spinmpi/ddt/internal'
import { UNDEFINED, type Status } from './comm-types.js'

// The fields are writable here (Status shows them read-only) for one owner only: a receive of a
// sendrecv series (recv-protocol.ts), whose status never reaches user code, refills its own.
export class StatusImpl implements Status {
  constructor(
    public source: number,
    public tag: number,
    public bytes: number,
    readonly truncated = false,
    readonly error: ErrorClass | null = null,
    readonly cancelled = false,
  ) {}

  /** The series receive's status taken again (a complete, untruncated receive without error). */
  refill(source: number, tag: number, bytes: number): this {
    this.source = source
    this.tag = tag
    this.bytes = bytes
    return this
  }

  /** Its receive went back to the pool: values no status has, so a stale read shows. */
  poison(): void {
    // -1, not NaN: a NaN would make every status's bytes field a boxed double
    this.source = -3
    this.tag = -3
    this.bytes = -1
  }

  getCount(type: Datatype): number {
    if (type.size === 0) return this.bytes === 0 ? 0 : UNDEFINED
    return this.bytes % type.size === 0 ? this.bytes / type.size : UNDEFINED
  }

  getElements(type: Datatype): number {
    if (type.size === 0) return this.bytes === 0 ? 0 : UNDEFINED
    const whole = Math.floor(this.bytes / type.size)
    let rest = this.bytes - whole * type.size
    let elements = whole * type.elements
    for (const run of type.signature) {
      if (rest === 0) break
      const size = ELEMENTARY[run.name].size
      const n = Math.min(run.count, Math.floor(rest / size))
      elements += n
      rest -= n * size
      if (n < run.count) break
    }
    return rest === 0 ? elements : UNDEFINED
  }
}

/** MPI_Test_cancelled. */
export function testCancelled(status: Status): boolean {
  return status.cancelled
}

/** Status of a receive from PROC_NULL, of an inactive request or of a send: empty. */
export const EMPTY_STATUS: Status = new StatusImpl(-2, -1, 0)

/** Status of a completed send (MPI leaves its fields undefined; these are the wildcards). */
export const SEND_STATUS: Status = new StatusImpl(-1, -1, 0)
