// Reading a GOAL file from disk in 256 KB chunks (text, or LogGOPSim's binary format by its magic
// number), straight into the simulator's operation graph.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs'
import { GOAL_BINARY_MAGIC, MAGIC_INVALIDATED, readGoalBinary } from './goal-binary.js'
import { readGoalGraph, type GoalGraph, type GoalReadOptions } from './goal-read.js'

/** Reads a GOAL text file, or a LogGOPSim binary schedule (recognised by its first 8 bytes). */
export function readGoalFile(path: string, options: Omit<GoalReadOptions, 'sizeHint'> = {}): GoalGraph {
  const fd = openSync(path, 'r')
  try {
    const size = fstatSync(fd).size
    const head = new Uint8Array(8)
    const got = readSync(fd, head, 0, 8, 0)
    const magic = got === 8 ? new DataView(head.buffer).getBigUint64(0, true) : -1n
    // a spent schedule goes to the binary reader too, which says so (as text it is garbage)
    if (magic === GOAL_BINARY_MAGIC || magic === MAGIC_INVALIDATED) {
      return { ...readGoalBinary((buf, offset, length, position) => readSync(fd, buf, offset, length, position), size), labels: null }
    }
    let position = 0
    return readGoalGraph((buf, offset, length) => {
      const n = readSync(fd, buf, offset, length, position)
      position += n
      return n
    }, { ...options, sizeHint: size })
  } finally {
    closeSync(fd)
  }
}
