// The seam between the communicator and collectives/: collectives are free functions over a
// rank's CommCore; collectives/ installs them once, and Comm's collective methods forward here.

import { ERR_OTHER, MpiError } from '@spinmpi/ddt'
import type { Collectives } from './comm-api.js'
import type { CommCore } from './comm-core.js'

export type CollectiveImpls = {
  readonly [K in keyof Collectives]: (comm: CommCore, ...args: Parameters<Collectives[K]>) => ReturnType<Collectives[K]>
}

let installed: CollectiveImpls | null = null

/** Called by collectives/ (imported for its side effect from the package index). */
export function installCollectives(impls: CollectiveImpls): void {
  installed = impls
}

export function collectiveImpls(name: keyof Collectives): CollectiveImpls {
  if (installed === null) throw new MpiError(ERR_OTHER, `${name}: collectives are not installed in this build`)
  return installed
}
