// A call of the user's program whose promise nobody awaited, and that failed (`comm.send(buf, n,
// t, 7, 0)` with no await and no rank 7): Node would print its stack trace and exit. Under
// `spinmpi run` it is one line like any rank's error, with the line of the program that made the
// call, and exit code 1. The rank is not known here (the promise is all Node hands over).

import { jsonError, writeJsonError } from '../cli-error.js'
import { programFrame } from './program-frame.js'

/** The one line for an unawaited promise's rejection `reason` (no "spinmpi: " prefix). */
export function unawaitedLine(reason: unknown): string {
  const message = (reason instanceof Error ? reason.message : String(reason)).split('\n')[0]!
  const at = programFrame(reason)
  return `${message}${at === undefined ? '' : ` (at ${at})`}: a call whose promise was not awaited failed; await it`
}

/**
 * Runs `body` with unawaited rejections reported as one line on stderr and exit code 1 (at
 * once: the run cannot be trusted after a lost error). A rejection still unseen when `body`
 * settles is reported too: Node reports one only after the current microtasks. `json`: the
 * failure is also one JSON object on stdout, as runCli prints every other one under --json.
 */
export async function reportingUnawaited<T>(body: () => Promise<T>, json = false): Promise<T> {
  const onRejection = (reason: unknown): void => {
    const line = unawaitedLine(reason)
    process.stderr.write(`spinmpi: ${line}\n`)
    if (json) writeJsonError(jsonError(reason, line))
    // as runCli does for every other failure: the trace only for those who ask
    if (process.env.DEBUG) process.stderr.write(`${reason instanceof Error ? reason.stack : ''}\n`)
    process.exit(1)
  }
  process.on('unhandledRejection', onRejection)
  try {
    const result = await body()
    await new Promise((resolve) => setImmediate(resolve))
    return result
  } finally {
    process.off('unhandledRejection', onRejection)
  }
}
