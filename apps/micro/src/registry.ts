// Every figure `spinmpi bench` knows, by name. Each figure module adds one line here.
import type { Figure } from './figure.js'
import { hostPack } from './host-pack.js'
import { goalSpeed } from './goal-speed.js'
import { runSpeed } from './run-speed.js'
import { fig8 } from './fig8.js'
import { fig12 } from './fig12.js'
import { fig13 } from './fig13.js'
import { fig14 } from './fig14.js'
import { fig15 } from './fig15.js'
import { sender } from './sender.js'
import { putLatency } from './nic-put-latency.js'
import { putBandwidth } from './nic-put-bandwidth.js'
import { pingPong } from './nic-pingpong.js'
import { simSpeed } from './nic-sim-speed.js'
import { pingPongMpi } from './pingpong-mpi.js'
import { bcastFigure } from './bcast.js'
import { fig19 } from './fig19.js'
import { fig16 } from './fig16.js'
import { fig17 } from './fig17.js'
import { fig18 } from './fig18.js'
import { modelCheck } from './model-check.js'
import { sc17Strided } from './sc17-strided.js'

export const figures: readonly Figure[] = [hostPack, goalSpeed, runSpeed, putLatency, putBandwidth, pingPong, simSpeed, pingPongMpi, bcastFigure, sc17Strided, fig8, fig12, fig13, fig14, fig15, sender, fig16, fig17, fig18, fig19, modelCheck]

export function findFigure(name: string): Figure | undefined {
  return figures.find((f) => f.name === name)
}
