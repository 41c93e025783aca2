// Why `specialized` cannot serve (type, count), in words (compare's note): it serves a single
// one-level layout, and count > 1 wraps the type in a contiguous of it.

import { classify, type Datatype } from '@spinmpi/ddt'

const SERVES = 'specialized serves a single vector, index-block or indexed layout'

export function specializedWhyNot(type: Datatype, count: number): string {
  const kind = typeof type.spec === 'string' ? type.spec : type.spec.kind
  if (count <= 1) return `no specialized handler for ${kind} (nested): ${SERVES}`
  return classify(type, 1).kind === 'general'
    ? `no specialized handler for contiguous(${count}, ${kind}) (nested): ${SERVES}`
    : `no specialized handler for contiguous(${count}, ${kind}): ${SERVES} (count 1 fits)`
}
