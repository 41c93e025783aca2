// Messages between the worker pool (main thread) and its workers. One task at a time per worker:
// the main thread sends a task, the worker answers with progress messages and then exactly one
// result or error for that task.

export interface TaskMessage<I> {
  readonly id: number
  readonly input: I
}

export type WorkerReply<O> =
  | { readonly id: number; readonly kind: 'progress'; readonly done: number; readonly total: number }
  | { readonly id: number; readonly kind: 'result'; readonly value: O }
  | { readonly id: number; readonly kind: 'error'; readonly message: string }
