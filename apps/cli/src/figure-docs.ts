// Where docs/figures.md explains each figure's claims, and the cause of each miss (its first table).
import { existsSync } from 'node:fs'
import { relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The table of every claim with its "cause of a miss" column. */
export const CLAIMS_ANCHOR = 'every-claim-its-basis-and-its-verdict'

/** Figures with a section of their own in docs/figures.md (GitHub's heading anchors). */
export const FIGURE_ANCHORS: Readonly<Record<string, string>> = {
  fig16: 'fig-16-speedup-over-host-unpack',
  fig17: 'fig-17-main-memory-traffic',
  fig18: 'fig-18-reuses-to-amortize-rw-cps-checkpoints',
  model: 'sc19-324-the-model-against-the-simulation-spinmpi-bench-model',
  'sc17-strided': 'sc17-fig-7a-strided-receive-spinmpi-bench-sc17-strided',
  bcast: 'sc17-fig-5a-at-1024-processes-and-the-myrinet-curve-over-message-size-spinmpi-bench-bcast',
  pingpong: 'sc17-fig-3b3c-ping-pong-spinmpi-bench-pingpong',
}

/** The anchor of a figure's section, or of the claims table when it has none. */
export function figureAnchor(name: string): string {
  return FIGURE_ANCHORS[name] ?? CLAIMS_ANCHOR
}

/**
 * docs/figures.md relative to the report's folder when this checkout has it (e.g.
 * '../docs/figures.md' from results/), else the path inside the repository.
 */
export function figuresDocHref(outDir: string): string {
  const doc = fileURLToPath(new URL('../../../docs/figures.md', import.meta.url))
  return existsSync(doc) ? relative(outDir, doc).split(sep).join('/') : 'docs/figures.md'
}
