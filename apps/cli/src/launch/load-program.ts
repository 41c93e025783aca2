// Loads a user's program for `spinmpi run FILE`: .ts/.mts/.cts through tsx (esbuild strips the
// types as the module loads; no build step, no type check), .js/.mjs/.cjs as they are. The
// program's entry is its default export or a named export `main`: (comm, args) => result.

import { existsSync } from 'node:fs'
import { register } from 'node:module'
import { extname, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Comm } from '@spinmpi/runtime'
import { UsageError } from '../cli-error.js'

export type ProgramMain = (comm: Comm, args: readonly string[]) => unknown

export const PROGRAM_EXTENSIONS = ['.ts', '.mts', '.cts', '.js', '.mjs', '.cjs'] as const

/** True when the word after `run` names a program file rather than a built-in app. */
export function looksLikeProgram(word: string): boolean {
  return (PROGRAM_EXTENSIONS as readonly string[]).includes(extname(word)) || word.includes('/') || word.includes('\\')
}

let hooksRegistered = false

async function registerHooks(programUrl: string): Promise<void> {
  if (hooksRegistered) return
  hooksRegistered = true
  // ESM and CommonJS hooks: a .ts file outside an ESM package ("type": "module") loads as CommonJS.
  const [{ register: registerEsm }, { register: registerCjs }] = await Promise.all([import('tsx/esm/api'), import('tsx/cjs/api')])
  registerEsm()
  registerCjs()
  register(new URL('./spinmpi-resolve-hook.js', import.meta.url), { data: { cliUrl: import.meta.url, programUrl } })
}

export async function loadProgram(file: string): Promise<ProgramMain> {
  const path = resolve(file)
  if (!existsSync(path)) throw new UsageError(`${file}: no such file`)
  const ext = extname(path)
  if (!(PROGRAM_EXTENSIONS as readonly string[]).includes(ext)) {
    throw new UsageError(`${file}: expected a program file ending in ${PROGRAM_EXTENSIONS.join(', ')}`)
  }
  await registerHooks(pathToFileURL(path).href)
  let mod: Record<string, unknown>
  try {
    mod = (await import(pathToFileURL(path).href)) as Record<string, unknown>
  } catch (err) {
    throw new UsageError(`${file}: cannot load (${loadMessage(err)})`)
  }
  const main = entryOf(mod)
  if (main === undefined) {
    throw new UsageError(`${file}: expected a default export or an export named main: async (comm, args) => ...`)
  }
  return main
}

/** One line: esbuild puts the location and reason of a syntax error on the lines after "Transform failed ...:". */
function loadMessage(err: unknown): string {
  const lines = (err instanceof Error ? err.message : String(err)).split('\n').map((l) => l.trim()).filter((l) => l !== '')
  const first = lines[0] ?? 'unknown error'
  // CommonJS (require, module.exports) in a program, which the resolve hook loads as an ES module
  // whatever its extension: Node's own message suggests only `import`, not the export it needs
  if (/^(require|module|exports|__filename|__dirname) is not defined in ES module scope/.test(first)) {
    return `${first.replace(/, you can use import instead$/, '')}: a program is loaded as an ES module; ` +
      "write import { types } from '@spinmpi/runtime' and export default async (comm, args) => ..."
  }
  return first.endsWith(':') && lines[1] !== undefined ? `${first} ${lines[1]}` : first
}

function entryOf(mod: Record<string, unknown>): ProgramMain | undefined {
  for (const candidate of [mod.default, mod.main]) {
    if (typeof candidate === 'function') return candidate as ProgramMain
  }
  // A CommonJS module (a .ts file outside an ESM package): its exports are the default export.
  const cjs = mod.default
  if (cjs !== null && typeof cjs === 'object') {
    const inner = cjs as Record<string, unknown>
    for (const candidate of [inner.default, inner.main]) if (typeof candidate === 'function') return candidate as ProgramMain
  }
  return undefined
}
