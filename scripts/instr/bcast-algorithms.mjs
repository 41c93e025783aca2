// comm.bcast as a program calls it (the offloaded algorithms' guarding barrier included), for
// every algorithm, at a few sizes and rank counts: the latest rank's time from a common start
// (a barrier before) to its return. Timing mode. docs/collectives.md quotes it.
//   node scripts/instr/bcast-algorithms.mjs [PROFILE] [RANKS,...] [BYTES,...]
// e.g. `bcast-algorithms.mjs sc19 16,1024 8,2048,65536,1048576`.
const tree = process.env.TREE ?? new URL('../..', import.meta.url).pathname
const { run, types } = await import(`${tree}/packages/runtime/dist/index.js`)
const [profile = 'sc19', rankList = '16,1024', byteList = '8,2048,65536,1048576'] = process.argv.slice(2)
const ALGORITHMS = ['binomial', 'nic-stream', 'nic-store', 'nic-binary', 'auto']
console.log(`profile ${profile}; ns of the latest rank, comm.bcast from rank 0`)
console.log(['ranks', 'bytes', ...ALGORITHMS].join('\t'))
for (const ranks of rankList.split(',').map(Number)) {
  for (const bytes of byteList.split(',').map(Number)) {
    const row = [ranks, bytes]
    for (const algorithm of ALGORITHMS) {
      const r = await run({ ranks, profile, mode: 'timing' }, async (comm) => {
        const buf = new Uint8Array(bytes)
        await comm.barrier()
        const t0 = comm.wtime()
        await comm.bcast(buf, bytes, types.BYTE, 0, { algorithm })
        return (comm.wtime() - t0) * 1e9
      })
      row.push(Math.round(Math.max(...r.results)))
    }
    console.log(row.join('\t'))
  }
}
