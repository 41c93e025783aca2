// docs/runtime.md and the exported API agree: every reduction op and constant it lists exists
// (with the MPI value), every BUILTIN_OPS entry is listed, and every call of its table is a
// method of a communicator.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import * as api from '../src/index.js'

const doc = readFileSync(new URL('../../../docs/runtime.md', import.meta.url), 'utf8')

describe('docs/runtime.md matches the exported API', () => {
  it('reduction ops: the documented names are exactly BUILTIN_OPS', () => {
    const line = doc.slice(doc.indexOf('Reduction ops by name:'), doc.indexOf('(type `ReduceOpName`)'))
    const names = [...line.matchAll(/`([A-Z]+)`/g)].map((m) => m[1])
    expect(names).toEqual(api.BUILTIN_OPS.map((o) => o.name))
  })

  it('constants are exported with their MPI meaning', () => {
    expect([api.ANY_SOURCE, api.ANY_TAG, api.PROC_NULL, api.UNDEFINED, api.TAG_UB, api.COMM_NULL]).toEqual([-1, -1, -2, -32766, 2 ** 22 - 1, null])
    expect(api.REQUEST_NULL.active).toBe(false)
    for (const c of ['ANY_SOURCE', 'ANY_TAG', 'PROC_NULL', 'UNDEFINED', 'TAG_UB', 'COMM_NULL', 'REQUEST_NULL']) expect(doc).toContain(`\`${c}\``)
  })

  it('every call in the table is a communicator method or property', async () => {
    const table = doc.slice(doc.indexOf('| call on `comm` | MPI | notes |'), doc.indexOf('Free functions:'))
    const calls = [...table.matchAll(/^\| (.*?) \|/gm)].flatMap((m) => [...m[1]!.matchAll(/`([a-zA-Z]+)/g)].map((c) => c[1]!))
      .filter((c) => c !== 'comm') // the header row: | call on `comm` |
    const r = await api.run({ ranks: 1 }, (comm) => calls.filter((c) => !(c in comm)))
    expect(r.results[0]).toEqual([])
    expect(calls.length).toBeGreaterThan(40)
    for (const f of ['dimsCreate', 'testCancelled', 'bufferAt']) expect(typeof (api as Record<string, unknown>)[f]).toBe('function')
  })

  it('every datatype call and property of the MPI_Type table exists', () => {
    const table = doc.slice(doc.indexOf('| MPI_Type_contiguous'), doc.indexOf('Not there, and what a program uses instead'))
    const ctors = [...table.matchAll(/`types\.([A-Za-z0-9_]+)/g)].map((m) => m[1]!)
    expect(ctors.filter((c) => !(c in api.types))).toEqual([])
    expect(ctors.length).toBeGreaterThan(15)
    const t = api.types.resized(api.types.vector(3, 1, 4, api.types.FLOAT64), 0, 8).commit()
    const props = [...table.matchAll(/`t\.([A-Za-z]+)/g)].map((m) => m[1]!)
    expect(props.filter((p) => !(p in t))).toEqual([])
    expect([t.size, t.lb, t.extent, t.trueLb, t.trueExtent]).toEqual([24, 0, 8, 0, 72])
  })
})
