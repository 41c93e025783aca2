// `--profile NAME|FILE` and `--set path=value` of every command that simulates: a built-in
// profile by name, or a JSON profile file (see @spinmpi/nic's parseProfileFile), with the
// overrides applied last. Every failure is a one-line UsageError naming the field.

import { readFileSync } from 'node:fs'
import { isProfileFileRef, parseOverrides, parseProfileFile, ProfileError, registerProfile, resolveProfile, type Profile } from '@spinmpi/nic'
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
    const p = isProfileFileRef(name) ? parseProfileFile(readProfileText(name), name, overrides) : resolveProfile(name, overrides)
    // a changed machine does not keep the plain name it started from
    return set.length > 0 ? { ...p, name: `${p.name}+set` } : p
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

/** A profile for code that takes profile names: the name, and the values when they were registered. */
export interface NamedRef {
  readonly name: string | undefined
  /** Registered here; a worker thread registers it again (see registerProfile). */
  readonly custom: Profile | undefined
}

/**
 * For commands whose runs take a profile by name (figures, built-in apps): the name itself when
 * there is nothing to change, else the loaded profile registered under a fresh name.
 */
export function profileNameFor(ref: string | undefined, set: readonly string[]): NamedRef {
  const file = ref !== undefined && isProfileFileRef(ref)
  if (set.length === 0 && !file) return { name: ref, custom: undefined }
  const profile = loadProfile(ref, set)
  const name = registerProfile(profile, file ? `profile file ${ref}` : `--set ${set.join(' ')}`)
  return { name, custom: { ...profile, name } }
}

/**
 * Takes `--set a=b` (repeatable) out of an app's words and, when there is one or `--profile`
 * names a file, replaces `--profile` by the name the loaded profile was registered under.
 */
export function takeProfileOptions(argv: readonly string[]): string[] {
  const rest: string[] = []
  const set: string[] = []
  let ref: string | undefined
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!
    const key = word.startsWith('--set') ? 'set' : word.startsWith('--profile') ? 'profile' : null
    if (key === null || (word !== `--${key}` && !word.startsWith(`--${key}=`))) {
      rest.push(word)
      continue
    }
    const value = word === `--${key}` ? argv[++i] : word.slice(key.length + 3)
    if (value === undefined || value === '' || value.startsWith('--')) throw new UsageError(`--${key}: expected a value`)
    if (key === 'set') set.push(value)
    else ref = value
  }
  const { name } = profileNameFor(ref, set)
  return name === undefined ? rest : [...rest, '--profile', name]
}
