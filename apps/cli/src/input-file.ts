// Reading a user's input file (type JSON, GOAL text) with a size limit checked before the bytes
// are held: a regular file by its size, anything else (/dev/zero, a pipe, standard input) by
// reading at most limit + 1 bytes. The text must be UTF-8; a leading byte-order mark is dropped.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs'
import { UsageError } from './cli-error.js'

/** Type JSON files: far above any real type (a 10^6-member struct is about 30 MB). */
export const MAX_TYPE_FILE_BYTES = 64 * 2 ** 20
/** GOAL files: LogGOPSim traces of large runs reach a few hundred MB. */
export const MAX_GOAL_FILE_BYTES = 512 * 2 ** 20

const MiB = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MiB`

/** The text of `path` ('-' = standard input); `what` names the option or file kind in errors. */
export function readInputText(path: string, what: string, limit: number): string {
  let fd: number
  try {
    fd = path === '-' ? 0 : openSync(path, 'r')
  } catch (err) {
    throw new UsageError(`${what}: cannot read ${path} (${(err as NodeJS.ErrnoException).code ?? String(err)})`)
  }
  try {
    const stat = fstatSync(fd)
    if (stat.isDirectory()) throw new UsageError(`${what}: cannot read ${path} (EISDIR)`)
    if (stat.isFile() && stat.size > limit) {
      throw new UsageError(`${what}: ${path} is ${MiB(stat.size)}, more than the ${MiB(limit)} limit`)
    }
    const bytes = readAtMost(fd, path, what, limit)
    return decode(bytes, path, what)
  } finally {
    if (fd !== 0) closeSync(fd)
  }
}

function readAtMost(fd: number, path: string, what: string, limit: number): Buffer {
  const chunks: Buffer[] = []
  let total = 0
  for (;;) {
    const chunk = Buffer.allocUnsafe(Math.min(1 << 20, limit + 1 - total))
    let n: number
    try {
      n = readSync(fd, chunk, 0, chunk.length, null)
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code
      if (code === 'EAGAIN') continue // a non-blocking standard input not ready yet
      if (code === 'EOF') break
      throw new UsageError(`${what}: cannot read ${path} (${code ?? String(err)})`)
    }
    if (n === 0) break
    chunks.push(chunk.subarray(0, n))
    total += n
    if (total > limit) throw new UsageError(`${what}: ${path} holds more than the ${MiB(limit)} limit`)
  }
  return Buffer.concat(chunks, total)
}

function decode(bytes: Buffer, path: string, what: string): string {
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    throw new UsageError(`${what}: ${path} is not UTF-8 text`)
  }
  const nul = text.indexOf('\0')
  if (nul >= 0) throw new UsageError(`${what}: ${path} holds a NUL byte at line ${text.slice(0, nul).split('\n').length} (not a text file)`)
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
}
