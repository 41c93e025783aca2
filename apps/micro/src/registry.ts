// Every figure `spinmpi bench` knows, by name. Each figure module adds one line here.
import type { Figure } from './figure.js'
import { hostPack } from './host-pack.js'

export const figures: readonly Figure[] = [hostPack]

export function findFigure(name: string): Figure | undefined {
  return figures.find((f) => f.name === name)
}
