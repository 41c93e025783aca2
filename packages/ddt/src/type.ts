// The one Datatype implementation. Constructors build it from a spec and a lowered form.

import type { Datatype, Lowered, SignatureRun } from './datatype.js'
import type { ElementaryName, TypeSpec } from './spec-types.js'
import { boundsOfLowered, type FullBounds } from './bounds.js'
import { signatureOfLowered } from './signature.js'
import { ERR_ARG, ERR_TYPE, MpiError } from './errors.js'
import { compile } from './engine/compile.js'

export class DatatypeImpl implements Datatype {
  readonly size: number
  readonly lb: number
  readonly ub: number
  readonly extent: number
  readonly trueLb: number
  readonly trueUb: number
  readonly trueExtent: number
  readonly alignment: number
  readonly explicitLb: boolean
  readonly explicitUb: boolean
  readonly elements: number
  /** Constructor levels above the elementary types (0 for elementary types). */
  readonly depth: number
  private signatureCache: readonly SignatureRun[] | undefined
  private signatureSource: (() => readonly SignatureRun[]) | undefined
  private isCommitted: boolean

  constructor(
    readonly spec: TypeSpec,
    readonly lowered: Lowered,
    bounds: FullBounds,
    signature: readonly SignatureRun[] | (() => readonly SignatureRun[]),
    predefined = false,
    depth = depthOf(lowered),
  ) {
    // Predefined types are usable without commit, as in MPI.
    this.isCommitted = predefined
    this.size = bounds.size
    this.lb = bounds.lb
    this.ub = bounds.ub
    this.extent = bounds.extent
    this.trueLb = bounds.trueLb
    this.trueUb = bounds.trueUb
    this.trueExtent = bounds.trueExtent
    this.alignment = bounds.alignment
    this.explicitLb = bounds.explicitLb
    this.explicitUb = bounds.explicitUb
    this.elements = bounds.elements
    this.depth = depth
    if (typeof signature === 'function') this.signatureSource = signature
    else this.signatureCache = signature
  }

  /** Computed on first use: repeated mixed signatures can be long and most callers never ask. */
  get signature(): readonly SignatureRun[] {
    if (this.signatureCache === undefined && this.signatureSource !== undefined) {
      this.signatureCache = this.signatureSource()
      this.signatureSource = undefined
    }
    return this.signatureCache ?? []
  }

  get committed(): boolean {
    return this.isCommitted
  }

  commit(): Datatype {
    this.isCommitted = true
    compile(this)
    return this
  }
}

/**
 * Deepest nesting of constructors a type may have. Real codes nest a handful of levels; the
 * limit keeps every recursive walk over a type (bounds, dataloops, JSON) far from the stack's end.
 */
export const MAX_TYPE_DEPTH = 256

function checkDepth(depth: number, spec: TypeSpec): void {
  if (depth > MAX_TYPE_DEPTH) {
    const kind = typeof spec === 'string' ? spec : spec.kind
    throw new MpiError(ERR_TYPE, `${kind}: types nest at most ${MAX_TYPE_DEPTH} constructors deep`)
  }
}

function depthOf(lowered: Lowered): number {
  if (lowered.kind === 'elem') return 0
  if (lowered.kind !== 'struct') return lowered.child.depth + 1
  let deepest = 0
  for (const child of lowered.children) if (child.depth > deepest) deepest = child.depth
  return deepest + 1
}

/** A derived type whose bounds and signature follow from its lowered form. */
export function derivedType(spec: TypeSpec, lowered: Exclude<Lowered, { kind: 'elem' }>): Datatype {
  checkDepth(depthOf(lowered), spec)
  const bounds = boundsOfLowered(lowered)
  // Past 2^53 byte offsets stop being exact; refuse rather than compute wrong bounds.
  for (const value of [bounds.size, bounds.lb, bounds.ub, bounds.trueLb, bounds.trueUb, bounds.extent, bounds.trueExtent]) {
    if (!Number.isSafeInteger(value)) {
      const kind = typeof spec === 'string' ? spec : spec.kind
      throw new MpiError(ERR_ARG, `${kind}: the type spans more bytes than can be addressed exactly (${value})`)
    }
  }
  return new DatatypeImpl(spec, lowered, bounds, () => signatureOfLowered(lowered))
}

/**
 * A type that is `oldtype` under another spec (dup): same lowered form, bounds, signature. Its
 * spec nests one level deeper, so it counts as a level: a chain of dups past MAX_TYPE_DEPTH would
 * otherwise build a type whose JSON typeFromJson refuses.
 */
export function aliasType(spec: TypeSpec, oldtype: Datatype): Datatype {
  checkDepth(oldtype.depth + 1, spec)
  return new DatatypeImpl(spec, oldtype.lowered, oldtype, () => oldtype.signature, false, oldtype.depth + 1)
}

/** An elementary type with bounds given by the elementary table. */
export function elementaryType(name: ElementaryName, lowered: Lowered, bounds: FullBounds): Datatype {
  return new DatatypeImpl(name, lowered, bounds, [{ name, count: 1 }], true)
}
