// A one-number summary of a type signature sent with every message, so the receiver can report a
// mismatch when both sides are homogeneous (all elements of one elementary type) and differ.
// BYTE matches anything (it is how untyped data travels); mixed signatures are not checked.
// MPI_2INT is "as if" MPI_TYPE_CONTIGUOUS(2, MPI_INT) (MPI-4.1 §6.9.4), so its signature is two
// int32: a pair type whose components are one elementary type is coded as that type.

import { ELEMENTARY, ELEMENTARY_NAMES, type Datatype, type ElementaryName } from '@spinmpi/ddt/internal'

export const SIGNATURE_UNKNOWN = -1

const codes = new WeakMap<Datatype, number>()

export function signatureCode(type: Datatype): number {
  let code = codes.get(type)
  if (code === undefined) {
    const runs = type.signature
    const name = runs.length > 0 ? plain(runs[0]!.name) : undefined
    code = name === undefined || name === 'byte' || runs.some((r) => plain(r.name) !== name) ? SIGNATURE_UNKNOWN : ELEMENTARY_NAMES.indexOf(name)
    codes.set(type, code)
  }
  return code
}

/** The one elementary type a homogeneous pair type (2int) is made of; any other name as it is. */
function plain(name: ElementaryName): ElementaryName {
  const parts = ELEMENTARY[name].components
  return parts !== undefined && parts.every((p) => p.name === parts[0]!.name) ? parts[0]!.name : name
}

/** The elementary names of two codes when they are known and differ, else null. */
export function signatureMismatch(sent: number, received: number): [string, string] | null {
  if (sent === SIGNATURE_UNKNOWN || received === SIGNATURE_UNKNOWN || sent === received) return null
  return [ELEMENTARY_NAMES[sent]!, ELEMENTARY_NAMES[received]!]
}
