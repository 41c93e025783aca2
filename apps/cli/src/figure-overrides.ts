// What a figure sets on any machine it runs on (its result's `overrides`: SC19's 16 HPUs for the
// microbenchmarks, 32 for the application runs), said where the CLI and the report name the
// profile: a --profile or --set that changes those values does not reach the figure.
import type { FigureResult } from '@spinmpi/micro'

/** "nic.hpus = 16", or null when the figure sets nothing. */
export function overridesText(result: FigureResult): string | null {
  const o = result.overrides
  if (o === null || typeof o !== 'object') return null
  const parts = Object.entries(o as Record<string, unknown>).map(([k, v]) => `${k} = ${String(v)}`)
  return parts.length === 0 ? null : parts.join(', ')
}

/** The CLI's line under a figure's header; `asked`: the --profile (or --set) given, if any. */
export function overridesNote(result: FigureResult, asked: string | undefined): string | null {
  const text = overridesText(result)
  if (text === null) return null
  return asked === undefined
    ? `set by this figure (the paper's setting): ${text}`
    : `set by this figure on any profile, whatever --profile or --set gives (the paper's setting): ${text}`
}
