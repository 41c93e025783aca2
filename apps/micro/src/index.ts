export type { ClaimCheck, Figure, FigureOptions, FigureResult, PlotSpec } from './figure.js'
export { figures, findFigure } from './registry.js'
export { renderFigure } from './plot/render.js'
export { lineChart } from './plot/line-chart.js'
