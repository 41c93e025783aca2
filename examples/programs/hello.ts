// A first program for `spinmpi run examples/programs/hello.ts --ranks 4`: every rank passes a
// token around a ring, then the ranks sum their ids with allreduce. Both results are checked
// exactly; a wrong value throws, which stops the run with the rank and the message.
import { types, type Comm } from '@spinmpi/runtime'

export default async function hello(comm: Comm, args: readonly string[]): Promise<number> {
  const { rank, size } = comm
  const rounds = Number(args[0] ?? 1)
  const token = new Int32Array(1)
  for (let round = 0; round < rounds; round++) {
    // Ring: rank 0 starts, each rank adds its id and passes the token on.
    if (rank === 0) {
      token[0] = 0
      await comm.send(token, 1, types.INT32, 1 % size, round)
      await comm.recv(token, 1, types.INT32, size - 1, round)
      const expected = (size * (size - 1)) / 2
      if (token[0] !== expected) throw new Error(`ring: got ${token[0]}, expected ${expected}`)
    } else {
      await comm.recv(token, 1, types.INT32, rank - 1, round)
      token[0]! += rank
      await comm.send(token, 1, types.INT32, (rank + 1) % size, round)
    }
  }
  const mine = new Float64Array([rank + 1])
  const sum = new Float64Array(1)
  await comm.allreduce(mine, sum, 1, types.FLOAT64, 'SUM')
  if (sum[0] !== (size * (size + 1)) / 2) throw new Error(`allreduce: got ${sum[0]}, expected ${(size * (size + 1)) / 2}`)
  return sum[0]!
}
