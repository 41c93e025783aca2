// `--profile NAME|FILE` and `--set path=value` of every command that simulates: a built-in
// profile by name, or a JSON profile file (see @spinmpi/nic's parseProfileFile), with the
// overrides applied last. Every failure is a one-line UsageError naming the field.

import { readFileSync } from 'node:fs'
import {
  getNamedProfile, isProfileFileRef, listProfiles, overrideProblem, parseOverrides, ProfileError, readProfileFile, registerProfile, withOverrides,
  type NamedProfile, type Profile,
} from '@spinmpi/nic'
import { UsageError } from './cli-error.js'

export const PROFILE_HELP = 'machine profile: a name (spinmpi profiles) or a JSON profile file'
export const SET_HELP = 'override a profile value, e.g. --set nic.hpus=8 (repeatable)'

/** Collects repeated `--set a=b` values (commander's option argument parser). */
export function collectSet(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value]
}

/** What a profile error starts with: the option that named the profile (a command whose argument is the file passes ''). */
const OPTION_LABEL = '--profile: '

export function loadProfile(ref: string | undefined, set: readonly string[] = [], extra: Readonly<Record<string, unknown>> = {}): Profile {
  return loadNamedProfile(ref, set, extra).values
}

/**
 * The profile of `--profile` and `--set` with the source of every value: inherited values keep
 * theirs, a file's own values are credited to the file, `--set` values to `override (--set)`.
 */
export function loadNamedProfile(ref: string | undefined, set: readonly string[] = [], extra: Readonly<Record<string, unknown>> = {}, label = OPTION_LABEL): NamedProfile {
  const overrides = parseSet(set)
  const name = ref ?? 'sc19'
  try {
    const base = isProfileFileRef(name) ? ownName(readProfileFile(readProfileText(name, label), name)) : getNamedProfile(name)
    const p = withOverrides(withOverrides(base, extra, () => 'override'), overrides, () => 'override (--set)')
    if (set.length === 0) return p
    // a changed machine does not keep the plain name it started from
    const changed = `${p.name}+set`
    return { ...p, name: changed, values: { ...p.values, name: changed } }
  } catch (err) {
    if (err instanceof ProfileError) throw new UsageError(`${label}${err.message}`)
    throw err
  }
}

/**
 * A file's profile under a name no built-in has. A whole-profile file made from `spinmpi
 * profiles sc19 --json` keeps "name": "sc19"; its results must not read as sc19's.
 */
function ownName(p: NamedProfile): NamedProfile {
  if (!listProfiles().some((b) => b.name === p.name)) return p
  const name = `${p.name}+file`
  return { ...p, name, values: { ...p.values, name } }
}

/** `--set a=b ...` as overrides, each checked on its own so an error names the `--set` at fault. */
export function parseSet(set: readonly string[]): Record<string, string> {
  try {
    const overrides = parseOverrides(set)
    for (const assignment of set) {
      const [path, value] = Object.entries(parseOverrides([assignment]))[0]!
      const problem = overrideProblem(path, value)
      if (problem !== undefined) throw new UsageError(`--set ${assignment}: ${problem}`)
    }
    return overrides
  } catch (err) {
    if (err instanceof ProfileError) throw new UsageError(`--set: ${err.message}`)
    throw err
  }
}

function readProfileText(path: string, label: string): string {
  try {
    return readFileSync(path, 'utf8')
  } catch (err) {
    throw new UsageError(`${label}cannot read ${path} (${(err as NodeJS.ErrnoException).code ?? String(err)})`)
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
export function profileNameFor(ref: string | undefined, set: readonly string[], label = OPTION_LABEL): NamedRef {
  const file = ref !== undefined && isProfileFileRef(ref)
  if (set.length === 0 && !file) {
    // an unknown name fails here, naming --profile, not later inside a figure or a worker thread
    if (ref !== undefined) loadNamedProfile(ref, [], {}, label)
    return { name: ref, custom: undefined }
  }
  const profile = loadNamedProfile(ref, set, {}, label)
  const name = registerProfile(profile.values, file ? profile.description : `--set ${set.join(' ')}`, profile.sources)
  return { name, custom: { ...profile.values, name } }
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
