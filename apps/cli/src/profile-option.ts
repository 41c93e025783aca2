// `--profile NAME|FILE` and `--set path=value` of every command that simulates: a built-in
// profile by name, or a JSON profile file (see @spinmpi/nic's parseProfileFile), with the
// overrides applied last. Every failure is a one-line UsageError naming the field.

import { readFileSync } from 'node:fs'
import { isProfileFileRef, parseOverrides, parseProfileFile, ProfileError, resolveProfile, type Profile } from '@spinmpi/nic'
import { UsageError } from './cli-error.js'

export const PROFILE_HELP = 'machine profile: a name (spinmpi profiles) or a JSON profile file'
export const SET_HELP = 'override a profile value, e.g. --set nic.hpus=8 (repeatable)'

/** Collects repeated `--set a=b` values (commander's option argument parser). */
export function collectSet(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value]
}

export function loadProfile(ref: string | undefined, set: readonly string[] = [], extra: Readonly<Record<string, unknown>> = {}): Profile {
  let overrides: Record<string, unknown>
  try {
    overrides = { ...extra, ...parseOverrides(set) }
  } catch (err) {
    if (err instanceof ProfileError) throw new UsageError(`--set: ${err.message}`)
    throw err
  }
  const name = ref ?? 'sc19'
  try {
    if (!isProfileFileRef(name)) return resolveProfile(name, overrides)
    return parseProfileFile(readProfileText(name), name, overrides)
  } catch (err) {
    if (err instanceof ProfileError) throw new UsageError(`--profile: ${err.message}`)
    throw err
  }
}

function readProfileText(path: string): string {
  try {
    return readFileSync(path, 'utf8')
  } catch (err) {
    throw new UsageError(`--profile: cannot read ${path} (${(err as NodeJS.ErrnoException).code ?? String(err)})`)
  }
}
