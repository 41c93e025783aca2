// commit → compiled form: the normalized dataloop, its flat programs per count, and the
// generated pack/unpack kernels (made on first use). Cached per datatype.

import createDebug from 'debug'
import type { Datatype } from '../datatype.js'
import { ERR_TYPE, MpiError } from '../errors.js'
import type { Loop } from './loop.js'
import { info, type LoopInfo } from './loop-info.js'
import { loopOf, loopOfCount } from './build.js'
import { toProgram, type Program } from './program.js'
import { checkSpan } from './validate.js'

const log = createDebug('spinmpi:ddt')

/** Programs kept per type for distinct counts; older counts are rebuilt when asked again. */
const PROGRAMS_PER_TYPE = 8

export class CompiledType {
  readonly loop: Loop
  readonly info: LoopInfo
  private readonly programs = new Map<number, Program>()
  /** Generated kernels by key (direction and word size); filled by kernels.ts. */
  readonly kernels = new Map<string, unknown>()

  constructor(readonly type: Datatype) {
    this.loop = loopOf(type)
    this.info = info(this.loop)
  }

  /** The flat program of `count` instances (the root normalized with the count). */
  programFor(count: number): Program {
    let p = this.programs.get(count)
    if (p === undefined) {
      checkSpan(this.type, count)
      if (this.programs.size >= PROGRAMS_PER_TYPE) this.programs.delete(this.programs.keys().next().value as number)
      p = toProgram(loopOfCount(this.type, count))
      this.programs.set(count, p)
    }
    return p
  }
}

const cache = new WeakMap<Datatype, CompiledType>()

/** Compiles `type` (idempotent, cached). `commit()` calls this eagerly. */
export function compile(type: Datatype): CompiledType {
  let c = cache.get(type)
  if (c === undefined) {
    c = new CompiledType(type)
    cache.set(type, c)
    log('compiled %s: %d bytes, %d runs per instance', c.loop.kind, c.info.size, c.info.runs)
  }
  return c
}

/** The compiled form of a committed type; using an uncommitted type is ERR_TYPE, as in MPI. */
export function compiledCommitted(type: Datatype, where: string): CompiledType {
  if (!type.committed) throw new MpiError(ERR_TYPE, `${where}: datatype is not committed (call commit() first)`)
  return compile(type)
}
