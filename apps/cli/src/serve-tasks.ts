// The worker side of worker-pool.ts: runs each task it is sent through `handler` and answers
// with progress, then the result or the error message.

import { parentPort } from 'node:worker_threads'
import type { TaskMessage, WorkerReply } from './worker-protocol.js'

export type TaskHandler<I, O> = (input: I, onProgress: (done: number, total: number) => void) => Promise<O>

export function serveTasks<I, O>(handler: TaskHandler<I, O>): void {
  const port = parentPort
  if (port === null) throw new Error('serveTasks: not running in a worker thread')
  const reply = (m: WorkerReply<O>): void => port.postMessage(m)
  port.on('message', (task: TaskMessage<I>) => {
    const progress = (done: number, total: number): void => reply({ id: task.id, kind: 'progress', done, total })
    handler(task.input, progress).then(
      (value) => reply({ id: task.id, kind: 'result', value }),
      (err: unknown) => reply({ id: task.id, kind: 'error', message: err instanceof Error ? err.message : String(err) }),
    )
  })
}
