// Faults for runs started deep inside other code (a built-in app's CLI handler calls run() or
// runUnpack() itself): every run started within withFaults(spec, fn), in fn's async context and
// without faults of its own, injects `spec`, and its fault counts are collected. Scoped by
// AsyncLocalStorage like captureGoalTraces, so concurrent scopes never see each other's runs.

import { AsyncLocalStorage } from 'node:async_hooks'
import type { FaultCounts } from './fault-counts.js'
import { parseFaultSpec, type FaultSpec } from './fault-spec.js'

interface Scope {
  readonly spec: FaultSpec
  readonly counts: FaultCounts[]
}

const active = new AsyncLocalStorage<Scope>()

/** What withFaults returns: fn's value and the fault counts of each run inside it. */
export interface FaultedRuns<T> {
  readonly value: T
  /** Fault counts of each run that finished inside fn, in the order they finished. */
  readonly counts: readonly FaultCounts[]
}

/** Calls `fn` with `spec` as the faults of every run() and runUnpack() inside it that names none. */
export async function withFaults<T>(spec: FaultSpec, fn: () => Promise<T> | T): Promise<FaultedRuns<T>> {
  const counts: FaultCounts[] = []
  const value = await active.run({ spec: parseFaultSpec(spec, 'withFaults'), counts }, fn)
  return { value, counts }
}

/** The faults of the innermost withFaults around the caller, if any. */
export function scopedFaults(): FaultSpec | undefined {
  return active.getStore()?.spec
}

/** Hands a finished run's fault counts to the innermost withFaults scope, if any. */
export function reportFaults(counts: FaultCounts): void {
  active.getStore()?.counts.push(counts)
}
