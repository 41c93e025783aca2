// spinmpi's GOAL reader end to end in a process of its own, as `spinmpi goal run FILE` does it:
// read the file (text or LogGOPSim binary) into the operation graph, simulate, and print one JSON
// line with the per-rank times and this process's CPU time and peak RSS. goal-speed runs it beside
// LogGOPSim's programs so that both sides pay a process start-up.
import { readGoalFile, simulateLogGopsGraph } from '@spinmpi/goal'

const file = process.argv[2]
if (file === undefined) {
  process.stderr.write('usage: goal-run-child FILE\n')
  process.exit(2)
}
const graph = readGoalFile(file)
const result = simulateLogGopsGraph(graph)
const usage = process.resourceUsage()
process.stdout.write(`${JSON.stringify({
  ops: graph.numOps, ranks: result.ranks, max: result.max, maxRank: result.maxRank,
  cpuMs: Math.round((usage.userCPUTime + usage.systemCPUTime) / 1000), maxRssKB: usage.maxRSS,
})}\n`)
