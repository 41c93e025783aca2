// What each rank is blocked on, for the deadlock report.

export class PendingOps {
  private readonly ops = new Map<number, string>()
  private next = 0

  /** Lists `description` until `p` settles. */
  async around<T>(description: string | readonly string[], p: Promise<T>): Promise<T> {
    const ids: number[] = []
    for (const d of typeof description === 'string' ? [description] : description) {
      const id = this.next++
      this.ops.set(id, d)
      ids.push(id)
    }
    try {
      return await p
    } finally {
      for (const id of ids) this.ops.delete(id)
    }
  }

  list(): string[] {
    return [...this.ops.values()]
  }
}
