// Where in the user's program a rank's own error was thrown (a TypeError, or the program's own
// `throw`), for the one-line report of `spinmpi run FILE`: "rank 1: Cannot read properties of
// null (reading 'x') (at app.ts:12:7)". MpiErrors already name the MPI call and get no location.
// The frame is the first of the stack outside spinmpi's own packages and node_modules; tsx's
// source maps make it a line of the .ts file as written.

import { isAbsolute, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The folder holding spinmpi's packages and apps (this file is apps/cli/{src,dist}/launch/). */
const INSTALL = resolve(fileURLToPath(new URL('../../../../', import.meta.url)))
const OWN = [`${INSTALL}${sep}packages${sep}`, `${INSTALL}${sep}apps${sep}`]

/** "path:line:col" of the frame, the path relative to `cwd` when inside it; undefined if none. */
export function programFrame(err: unknown, cwd = process.cwd()): string | undefined {
  if (!(err instanceof Error) || typeof err.stack !== 'string') return undefined
  for (const line of err.stack.split('\n').slice(1)) {
    // "at fn (/path/app.ts:5:32)", "at /path/app.ts:5:32", "at async fn (file:///path/app.mjs:1:2)"
    const m = /^at (?:.*? \()?(.+?):(\d+):(\d+)\)?$/.exec(line.trim())
    if (m === null) continue
    let file = m[1]!
    if (file.startsWith('file://')) file = fileURLToPath(file)
    if (!isAbsolute(file) || file.includes(`${sep}node_modules${sep}`) || OWN.some((dir) => file.startsWith(dir))) continue
    const rel = relative(cwd, file)
    return `${rel.startsWith('..') || isAbsolute(rel) ? file : rel}:${m[2]}:${m[3]}`
  }
  return undefined
}
