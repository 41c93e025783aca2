// Every figure `spinmpi bench` knows, by name. Each figure module adds one line here.
import type { Figure } from './figure.js'
import { hostPack } from './host-pack.js'
import { putLatency } from './nic-put-latency.js'
import { putBandwidth } from './nic-put-bandwidth.js'
import { pingPong } from './nic-pingpong.js'
import { simSpeed } from './nic-sim-speed.js'
import { pingPongMpi } from './pingpong-mpi.js'
import { bcastFigure } from './bcast.js'

export const figures: readonly Figure[] = [hostPack, putLatency, putBandwidth, pingPong, simSpeed, pingPongMpi, bcastFigure]

export function findFigure(name: string): Figure | undefined {
  return figures.find((f) => f.name === name)
}
