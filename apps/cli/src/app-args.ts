// The words after `spinmpi run <app>` into the record the app validates: `--a b`, `--a=b` and bare
// flags; kebab-case names become the camelCase keys of the app's schema. The shape of the words
// is checked here, and the names when the app lists them (so that `--bogus` as the last word is an
// unknown option, not one missing its value, with a "did you mean"); what values they take is
// the app's business.

import { closest } from '@spinmpi/nic/internal'
import { UsageError } from './cli-error.js'

/** What the tokenizer needs to know about an app. */
export interface AppArgsSpec {
  /** Shown after an unexpected argument. */
  readonly usage: string
  /** Options (camelCase) that take no value: `--timing` alone means true. */
  readonly flags: readonly string[]
  /** Every option name the app takes, as typed (kebab-case, no dashes); none: any name passes. */
  readonly names?: readonly string[]
}

/** Option name (camelCase) to its value as typed, or true for a bare flag. */
export type AppArgs = Record<string, string | boolean>

export function appArgs(argv: readonly string[], spec: AppArgsSpec): AppArgs {
  // no prototype: `--constructor x` is an unknown option to the app, not an inherited property
  const out: AppArgs = Object.create(null) as AppArgs
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!
    if (!word.startsWith('--')) throw new UsageError(`unexpected argument '${word}' (usage: ${spec.usage})`)
    const eq = word.indexOf('=')
    const typed = eq < 0 ? word.slice(2) : word.slice(2, eq)
    const name = camelCase(typed)
    if (spec.names !== undefined && !spec.names.includes(typed)) {
      const near = closest(typed, spec.names)
      throw new UsageError(`unknown option --${typed}${near === undefined ? '' : ` (did you mean --${near}?)`} (usage: ${spec.usage})`)
    }
    if (eq >= 0) out[name] = word.slice(eq + 1)
    else if (spec.flags.includes(name)) out[name] = true
    else {
      const value = argv[i + 1]
      if (value === undefined || value.startsWith('--')) throw new UsageError(`--${typed}: expected a value`)
      out[name] = value
      i++
    }
  }
  return out
}

/** `eager-limit` → `eagerLimit`. */
export function camelCase(name: string): string {
  return name.replace(/-([a-z])/g, (_m, ch: string) => ch.toUpperCase())
}
