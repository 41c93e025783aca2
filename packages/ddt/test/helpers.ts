// Small helpers shared by the front-end tests.

import { expect } from 'vitest'
import type { Datatype } from '../src/index.js'
import { MpiError } from '../src/index.js'
import { referenceRuns, referenceTypemap } from './reference.js'

/** The bounds a test states by hand, in one object for a single toEqual. */
export function boundsOf(t: Datatype) {
  return {
    size: t.size, lb: t.lb, ub: t.ub, extent: t.extent,
    trueLb: t.trueLb, trueUb: t.trueUb, trueExtent: t.trueExtent,
  }
}

export const runs = (t: Datatype, count = 1) => referenceRuns(t, count)
export const pieces = (t: Datatype, count = 1) => referenceTypemap(t, count)

/** Asserts that `run` throws an MpiError of `errorClass` whose message is exactly `message`. */
export function expectMpiError(run: () => unknown, errorClass: string, message: string): void {
  let thrown: unknown
  try {
    run()
  } catch (err) {
    thrown = err
  }
  expect(thrown).toBeInstanceOf(MpiError)
  expect({ errorClass: (thrown as MpiError).errorClass, message: (thrown as MpiError).message }).toEqual({ errorClass, message })
}
