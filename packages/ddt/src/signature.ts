// The type signature: the sequence of elementary names, run-length encoded.

import type { Datatype, Lowered, SignatureRun } from './datatype.js'
import type { ElementaryName } from './spec-types.js'

/** Appends runs, merging a run into the previous one when the names agree. */
class SignatureWriter {
  readonly runs: SignatureRun[] = []

  push(name: ElementaryName, count: number): void {
    if (count === 0) return
    const last = this.runs[this.runs.length - 1]
    if (last !== undefined && last.name === name) {
      this.runs[this.runs.length - 1] = { name, count: last.count + count }
    } else {
      this.runs.push({ name, count })
    }
  }

  /** Appends `times` repetitions of `signature`. */
  repeat(signature: readonly SignatureRun[], times: number): void {
    const only = signature.length === 1 ? signature[0] : undefined
    if (times === 0 || signature.length === 0) return
    if (only !== undefined) {
      this.push(only.name, only.count * times)
      return
    }
    for (let t = 0; t < times; t++) for (const run of signature) this.push(run.name, run.count)
  }
}

function sum(values: readonly number[]): number {
  let total = 0
  for (const v of values) total += v
  return total
}

/** Signature of a derived lowered form from its children's signatures. */
export function signatureOfLowered(lowered: Exclude<Lowered, { kind: 'elem' }>): SignatureRun[] {
  const out = new SignatureWriter()
  const child = (t: Datatype, times: number) => out.repeat(t.signature, times)
  switch (lowered.kind) {
    case 'contig': child(lowered.child, lowered.count); break
    case 'hvector': child(lowered.child, lowered.count * lowered.blocklength); break
    case 'hindexedBlock': child(lowered.child, lowered.displs.length * lowered.blocklength); break
    case 'hindexed': child(lowered.child, sum(lowered.blocklengths)); break
    case 'struct':
      lowered.children.forEach((c, i) => child(c, lowered.blocklengths[i]!)) // parallel arrays
      break
    case 'resized': child(lowered.child, 1); break
  }
  return out.runs
}
