// The paper's claims as spinmpi checks them: each says what the paper states, whether spinmpi
// predicts it or a profile constant was set from it (a calibration target), and how the check
// went. One tolerance for the whole suite; a claim the sweep cannot decide is not counted.

/**
 * `predicted`: no profile constant was set from this claim and no mechanism was added or changed
 * because this claim missed, so a pass is a prediction.
 * `predicted-after-miss`: no constant was set from the claim, but the claim was seen to miss and
 * a mechanism that decides it was added or changed afterwards, knowing the paper's number
 * (`afterMiss` says which and what the claim gave before): a pass is weaker than a prediction.
 * `calibrated`: the constants in `constants` were set from this claim (docs/calibration.md), so a
 * pass shows the calibration holds, not that the model predicts it.
 * `speed-target`: a target for spinmpi's own speed (issue #14), no paper's claim: counted apart.
 */
export type ClaimBasis = 'predicted' | 'predicted-after-miss' | 'calibrated' | 'speed-target'

/** A claim of a paper checked against a figure's data, shown in the CLI, the JSON and the report. */
export interface ClaimCheck {
  /** What spinmpi checks, in a few words. */
  readonly claim: string
  /** What the paper says, with where it says it (e.g. 'SC19 §5.3: "up to 12x"'). */
  readonly paper: string
  readonly basis: ClaimBasis
  /** Profile constants set from this claim (empty unless calibrated). */
  readonly constants: readonly string[]
  /** predicted-after-miss: the mechanism added after the miss, and the claim's value before it. */
  readonly afterMiss?: string
  /** true: pass; false: miss; null: not decided by this sweep (then `fullRunOnly` is true). */
  readonly pass: boolean | null
  readonly measured: string
  /** On a miss, its cause as found with the figure's default profile (sc19; pingpong, sc17-strided and bcast: the SC17 and Myrinet machines), in a sentence (docs/figures.md gives the whole account; another profile may miss for another reason). */
  readonly cause?: string
  /**
   * The sweep lacks points the claim covers and what it has cannot decide it (a quick run): the
   * claim is shown but counted neither as passed nor as missed, and `pass` is null.
   */
  readonly fullRunOnly?: boolean
}

/** What the CLI and the report say of a claim a quick sweep cannot decide. */
export const UNDECIDED_TEXT = 'not decided by --quick (run without --quick)'

/**
 * The one tolerance of the suite: where the paper gives a number (or a range), a measured value
 * within ±10% of it (of the range's ends) matches. The papers give their numbers to two digits
 * ("about 3.8×", "~60%", "up to 26%"), read off bars and curves; 10% covers that reading and no more.
 */
export const TOLERANCE = 0.1

/** The band accepted for a paper number or range [low, high]: low·(1 − TOLERANCE) … high·(1 + TOLERANCE). */
export function toleranceBand(paper: number | readonly [number, number]): readonly [number, number] {
  const [low, high] = typeof paper === 'number' ? [paper, paper] : paper
  return [low * (1 - TOLERANCE), high * (1 + TOLERANCE)]
}

/** Whether `measured` matches the paper's number or range within the suite tolerance. */
export function matchesPaper(measured: number, paper: number | readonly [number, number]): boolean {
  const [low, high] = toleranceBand(paper)
  return Number.isFinite(measured) && measured >= low && measured <= high
}

/** "accepted 3.42–4.18" for a claim's text (digits as given). */
export function bandText(paper: number | readonly [number, number], digits = 2): string {
  const [low, high] = toleranceBand(paper)
  return `accepted ${low.toFixed(digits)}–${high.toFixed(digits)}`
}

/**
 * Verdict of a claim evaluated on part of the points it covers (a quick sweep). Complete: the
 * verdict stands. Incomplete: a miss stands only when no further point could turn it into a pass
 * (`missIsFinal`, e.g. "at every point" found failing, "grows" found falling between two points
 * of the sweep); anything else is left to the full run.
 */
export function onSubset<C extends Omit<ClaimCheck, 'fullRunOnly' | 'pass'> & { readonly pass: boolean }>(check: C, complete: boolean, missIsFinal: boolean): ClaimCheck {
  if (complete || (!check.pass && missIsFinal)) return check
  const { cause: _, ...undecided } = check
  return { ...undecided, pass: null, fullRunOnly: true }
}

/** `pass`, with `cause` only when it is a miss: spread into a claim (`...verdict(ok, 'why')`). */
export function verdict(pass: boolean, cause: string): { readonly pass: boolean; readonly cause?: string } {
  return pass ? { pass } : { pass, cause }
}

/** Whether every value of `required` is among `present`. */
export function covers<T>(present: Iterable<T>, required: Iterable<T>): boolean {
  const have = new Set(present)
  for (const r of required) if (!have.has(r)) return false
  return true
}

/** Whether `xs` strictly increases at every step. */
export function growsAtEveryStep(xs: readonly number[]): boolean {
  return xs.length > 1 && xs.every((x, i) => i === 0 || x > xs[i - 1]!)
}

export interface ClaimTally {
  readonly predicted: { readonly passed: number; readonly total: number }
  readonly afterMiss: { readonly passed: number; readonly total: number }
  readonly calibrated: { readonly passed: number; readonly total: number }
  readonly speedTargets: { readonly passed: number; readonly total: number }
  /** Claims the sweep could not decide (quick run). */
  readonly fullRunOnly: number
}

export function tallyClaims(checks: readonly ClaimCheck[]): ClaimTally {
  const decided = checks.filter((c) => c.fullRunOnly !== true)
  const count = (basis: ClaimBasis) => {
    const own = decided.filter((c) => c.basis === basis)
    return { passed: own.filter((c) => c.pass === true).length, total: own.length }
  }
  return {
    predicted: count('predicted'), afterMiss: count('predicted-after-miss'), calibrated: count('calibrated'),
    speedTargets: count('speed-target'),
    fullRunOnly: checks.length - decided.length,
  }
}

/**
 * "predictions passed X / Y; predictions after a miss passed C / D; calibration targets met A / B"
 * (the middle part when there are any, + "; speed targets met E / F" and the undecided count if any).
 */
export function formatTally(t: ClaimTally): string {
  const after = t.afterMiss.total > 0 ? `; predictions after a miss passed ${t.afterMiss.passed} / ${t.afterMiss.total}` : ''
  const base = `predictions passed ${t.predicted.passed} / ${t.predicted.total}${after}; calibration targets met ${t.calibrated.passed} / ${t.calibrated.total}`
  const speed = t.speedTargets.total > 0 ? `; speed targets met ${t.speedTargets.passed} / ${t.speedTargets.total}` : ''
  return t.fullRunOnly > 0 ? `${base}${speed}; ${t.fullRunOnly} claims ${UNDECIDED_TEXT}` : `${base}${speed}`
}

/** A claim's basis as the CLI and the report show it: the constants or the mechanism named. */
export function basisText(c: ClaimCheck): string {
  if (c.basis === 'calibrated') return `calibrated: ${c.constants.join(', ')}`
  if (c.basis === 'predicted-after-miss') return `predicted after a miss: ${c.afterMiss ?? ''}`
  if (c.basis === 'speed-target') return 'speed target'
  return 'predicted'
}

/** A claim's status word: 'pass', 'miss' or 'undecided' (a quick sweep's fullRunOnly claim). */
export function claimStatus(c: ClaimCheck): 'pass' | 'miss' | 'undecided' {
  return c.fullRunOnly === true || c.pass === null ? 'undecided' : c.pass ? 'pass' : 'miss'
}

/**
 * Constants set jointly from several claims (docs/calibration.md shows the fit). Any other
 * constant is named by at most one claim.
 */
export const JOINT_FITS: Readonly<Record<string, readonly string[]>> = {
  'SC19 host (Figs. 8 + 16 + §5.4)': ['host.copyBytesPerNs', 'host.unpackBlockCycles', 'host.flopsPerNs'],
}
