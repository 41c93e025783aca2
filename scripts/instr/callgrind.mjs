// Reads a callgrind output file written with --dump-instr=yes: each cost line's instruction
// address (absolute, or relative to the last: +n, -n, * for the same) and count, in file order.
// A call's cost line (the one after `calls=`) is the callee's inclusive cost, not the caller's
// own, so it is skipped. Shared by functions.mjs and lines.mjs.
import { createReadStream } from 'node:fs'
import { createInterface } from 'node:readline'

/** Calls onCost(address, instructions) per self-cost line and onOther(line) for every other line. */
export async function walkCosts(file, onCost, onOther = () => {}) {
  let addr = 0
  let skipNext = false
  for await (const line of createInterface({ input: createReadStream(file) })) {
    const c = line.charCodeAt(0)
    if ((c >= 48 && c <= 57) || c === 43 || c === 45 || c === 42) {
      // digit + - *
      const [pos, , count] = line.split(' ')
      if (pos[0] === '+') addr += Number(pos.slice(1))
      else if (pos[0] === '-') addr -= Number(pos.slice(1))
      else if (pos[0] !== '*') addr = parseInt(pos, 16)
      if (skipNext) skipNext = false
      else onCost(addr, Number(count ?? 0))
    } else if (line.startsWith('calls=')) {
      skipNext = true
    } else {
      onOther(line)
    }
  }
}
