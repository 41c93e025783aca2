// The frame Figs. 16 and 18 share: one horizontal bar row per input (the `label` field), inputs
// grouped in one facet row per application (the `app` field), each facet with its own y scale.

import type { ChartSpec } from '../plot/vega.js'

/** The `y` encoding of the input rows (their order is the data's). */
export const INPUT_Y = { field: 'label', type: 'nominal', title: null, sort: null } as const

/** Faceted by application; `layer` draws one facet, `rowStep` px per input row. */
export function barsByApplication(title: string | { readonly text: string; readonly subtitle: readonly string[] }, values: readonly object[], rowStep: number, layer: readonly object[]): ChartSpec {
  return {
    title,
    data: { values },
    facet: { row: { field: 'app', type: 'nominal', title: null, sort: null, header: { labelAngle: 0, labelAlign: 'left', labelFontWeight: 'bold' } } },
    resolve: { scale: { y: 'independent' } },
    spec: { width: 460, height: { step: rowStep }, layer },
  }
}
