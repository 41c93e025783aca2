// What "calibrated" means when a sweep runs on a profile other than sc19. The constants a
// calibrated claim names were fitted once, on sc19 (docs/calibration.md); on a user's own
// profile the claim checks that fit only where the profile keeps sc19's value. Where it sets its
// own, the claim is a prediction of that machine, and the tally, which counts the claim as a
// calibration target, must not be read as crediting that machine with a fit it never had.
import { getPath, getProfile } from '@spinmpi/nic/internal'
import type { ClaimCheck } from '@spinmpi/micro'

/** The profile every calibrated constant was fitted on. */
const CALIBRATED_ON = 'sc19'

/**
 * One sentence for the CLI and the report, or null on sc19 or without calibrated claims. It
 * names the calibrated constants the profile changes when the profile is known in this process
 * (a file or --set profile of a merged sweep is not: then it says how to find out).
 */
export function calibrationNote(profile: string, checks: readonly ClaimCheck[]): string | null {
  if (profile === CALIBRATED_ON) return null
  const named = [...new Set(checks.filter((c) => c.basis === 'calibrated').flatMap((c) => c.constants))]
  if (named.length === 0) return null
  const head = `calibrated claims name constants fitted on ${CALIBRATED_ON} (docs/calibration.md), not on profile ${profile}`
  const changed = changedConstants(profile, named)
  if (changed === null) {
    return `${head}: where ${profile} sets its own value of one (spinmpi profiles NAME|FILE), that claim is a prediction of ${profile}, not a calibration target`
  }
  if (changed.length === 0) return `${head}: ${profile} keeps ${CALIBRATED_ON}'s value of each, so they check ${CALIBRATED_ON}'s fit on this machine`
  const list = changed.map((c) => `${c.path} = ${c.mine} (${CALIBRATED_ON}: ${c.base})`).join(', ')
  return `${head}: ${profile} sets ${list}, so the claims naming ${changed.length === 1 ? 'it' : 'them'} are predictions of ${profile}, not calibration targets (the tally still counts them as such)`
}

function changedConstants(profile: string, paths: readonly string[]): { path: string; mine: unknown; base: unknown }[] | null {
  let mine: unknown
  try {
    mine = getProfile(profile)
  } catch {
    return null
  }
  const base = getProfile(CALIBRATED_ON)
  return paths
    .map((path) => ({ path, mine: getPath(mine, path), base: getPath(base, path) }))
    .filter((c) => c.mine !== c.base)
}

/** calibrationNote per profile the figures ran on (a sweep's figures may run on several). */
export function calibrationNotes(entries: readonly { readonly result: { readonly profile: string }; readonly checks: readonly ClaimCheck[] }[]): string[] {
  const profiles = [...new Set(entries.map((e) => e.result.profile))]
  return profiles
    .map((p) => calibrationNote(p, entries.filter((e) => e.result.profile === p).flatMap((e) => e.checks)))
    .filter((n): n is string => n !== null)
}
