// Polling for a message with iprobe, as a program that overlaps waiting with its own work would.
// Rank 1 sends the message only when the first argument is "send"; without it nobody sends, rank 0
// polls forever and simulated time keeps advancing: no deadlock (rank 0 is never blocked), so only
// a time limit ends the run, with a report of what each rank was last doing.
//
//   spinmpi run examples/programs/poll.ts --ranks 2 --time-limit 1ms -- send   # finishes
//   spinmpi run examples/programs/poll.ts --ranks 2 --time-limit 10us          # stopped at 10 µs
//
// Returns, at rank 0, how many polls it took and the value received.
import { types, type Comm } from '@spinmpi/runtime'

const TAG = 7

export interface PollResult {
  readonly polls: number
  readonly value: number | null
}

export async function main(comm: Comm, args: readonly string[] = []): Promise<PollResult> {
  const value = new Int32Array(1)
  if (comm.rank === 1 && args[0] === 'send') {
    await comm.compute({ ns: 2000 }) // the message comes after a while: rank 0 polls meanwhile
    value[0] = 42
    await comm.send(value, 1, types.INT32, 0, TAG)
  }
  if (comm.rank !== 0) return { polls: 0, value: null }
  let polls = 1
  while (!(await comm.iprobe(1, TAG))) polls++
  await comm.recv(value, 1, types.INT32, 1, TAG)
  return { polls, value: value[0]! }
}

export default main
