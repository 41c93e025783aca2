// A pool of worker threads that runs independent tasks on all cores. Each worker is a module that
// answers the protocol of worker-protocol.ts (serveTasks does it for TypeScript workers). Results
// come back in input order whatever order workers finish in; values cross threads by structured
// clone, so plain data (numbers incl. NaN and -0, strings, arrays, objects) arrives unchanged.

import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'
import type { TaskMessage, WorkerReply } from './worker-protocol.js'

export interface PoolOptions {
  /** Worker threads at most (default: the machine's available parallelism). */
  readonly jobs?: number
  /** Progress of task `index` as reported by its worker. */
  readonly onProgress?: (index: number, done: number, total: number) => void
}

/** A task that failed in a worker; the message names the task. */
export class WorkerTaskError extends Error {
  override readonly name = 'WorkerTaskError'
}

export function defaultJobs(): number {
  return availableParallelism()
}

/**
 * Runs every input through the worker module at `workerUrl` on min(jobs, inputs) threads.
 * Rejects with the first failure (by time) and stops every worker.
 */
export async function runPool<I, O>(workerUrl: URL, inputs: readonly I[], options: PoolOptions = {}): Promise<O[]> {
  const jobs = options.jobs ?? defaultJobs()
  if (!Number.isInteger(jobs) || jobs < 1) throw new RangeError(`jobs must be an integer >= 1, got ${jobs}`)
  const results: O[] = new Array(inputs.length)
  if (inputs.length === 0) return results
  const workers: Worker[] = []
  let next = 0
  let finished = 0
  try {
    await new Promise<void>((resolve, reject) => {
      let failed = false
      const fail = (err: Error): void => {
        if (failed) return
        failed = true
        reject(err)
      }
      const give = (w: Worker): void => {
        if (next >= inputs.length) return
        const task: TaskMessage<I> = { id: next, input: inputs[next]! }
        next++
        w.postMessage(task)
      }
      const count = Math.min(jobs, inputs.length)
      for (let k = 0; k < count; k++) {
        const w = new Worker(workerUrl)
        workers.push(w)
        w.on('message', (m: WorkerReply<O>) => {
          if (m.kind === 'progress') {
            options.onProgress?.(m.id, m.done, m.total)
            return
          }
          if (m.kind === 'error') {
            fail(new WorkerTaskError(`task ${m.id}: ${m.message}`))
            return
          }
          results[m.id] = m.value
          finished++
          if (finished === inputs.length) resolve()
          else give(w)
        })
        w.on('error', (err) => fail(err))
        w.on('exit', (code) => {
          if (finished < inputs.length) fail(new WorkerTaskError(`a worker exited (code ${code}) before its task finished`))
        })
        give(w)
      }
    })
  } finally {
    await Promise.all(workers.map((w) => w.terminate()))
  }
  return results
}
