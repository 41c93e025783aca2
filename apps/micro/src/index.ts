export type { Figure, FigureOptions, FigureResult } from './figure.js'
export { figures, findFigure } from './registry.js'
