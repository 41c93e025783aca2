// `spinmpi goal run FILE`: simulate a GOAL schedule with the LogGOPS message-level model
// (LogGOPSim's semantics) and print each rank's finishing time and the maximum.
import { closeSync, openSync, writeSync } from 'node:fs'
import type { Command } from 'commander'
import { z } from 'zod'
import { formatLogGopsText, logGopsJson, opId, opIndex, OP_CALC, readGoalFile, simulateLogGopsGraph, writeGoalBinary, GoalSyntaxError, GoalScheduleError, type GoalGraph, type LogGopsParams } from '@spinmpi/goal'
import { UsageError } from '../cli-error.js'

const PARAMS = ['L', 'o', 'g', 'G', 'O', 'S'] as const

const integerText = z.string().regex(/^\d+$/, 'expected a non-negative integer').transform(Number).pipe(z.number().max(Number.MAX_SAFE_INTEGER, 'too large'))

const GoalRunOptions = z.object({
  L: integerText.optional(),
  o: integerText.optional(),
  g: integerText.optional(),
  G: integerText.optional(),
  O: integerText.optional(),
  S: integerText.optional(),
  json: z.boolean().default(false),
})

export function registerGoal(program: Command): void {
  const goal = program.command('goal').description('GOAL schedules (LogGOPSim format) on the LogGOPS message-level model')
  goal
    .command('run')
    .description('simulate a GOAL schedule (text or LogGOPSim binary); prints the time (ns) each rank is last busy and the maximum')
    .argument('<file>', 'GOAL text file (num_ranks, rank blocks, send/recv/calc, requires/irequires) or LogGOPSim binary schedule')
    .option('-L <n>', 'latency in ns (default 2500)')
    .option('-o <n>', 'CPU overhead per message in ns (default 1500)')
    .option('-g <n>', 'NIC gap per message in ns (default 1000)')
    .option('-G <n>', 'NIC gap per byte in ns (default 6)')
    .option('-O <n>', 'CPU overhead per byte in ns (default 0)')
    .option('-S <n>', 'eager limit in bytes; larger messages use rendezvous (default 65535)')
    .option('--json', 'print {"ranks":[...],"max":...} as JSON')
    .action((file: string, raw: unknown) => {
      const parsed = GoalRunOptions.safeParse(raw)
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!
        throw new UsageError(`-${String(issue.path[0])}: ${issue.message}`)
      }
      const params: Partial<LogGopsParams> = {}
      for (const name of PARAMS) {
        const value = parsed.data[name]
        if (value !== undefined) params[name] = value
      }
      const graph = readGraph(file, false)
      let result = simulate(file, () => simulateLogGopsGraph(graph, params))
      // labels name unmatched operations in the report: read again, keeping them, only then
      if (result.unmatched.length > 0) {
        const labelled = readGraph(file, true)
        result = simulate(file, () => simulateLogGopsGraph(labelled, params, (r, i) => labelled.labels?.get(opId(labelled, r, i))))
      }
      process.stdout.write(parsed.data.json ? `${JSON.stringify(logGopsJson(result))}\n` : formatLogGopsText(result))
    })
  goal
    .command('txt2bin')
    .description("convert a GOAL text schedule to LogGOPSim's binary format (what LogGOPSim's txt2bin writes)")
    .argument('<in>', 'GOAL text file')
    .argument('<out>', 'binary schedule to write')
    .action((input: string, output: string) => {
      const graph = readGraph(input, false)
      let fd: number
      try {
        fd = openSync(output, 'w')
      } catch (err) {
        throw new UsageError(`cannot write ${output} (${(err as NodeJS.ErrnoException).code ?? String(err)})`)
      }
      try {
        writeGoalBinary(graph, (bytes) => writeSync(fd, bytes))
      } finally {
        closeSync(fd)
      }
      // LogGOPSim's format holds them and its txt2bin writes them; our goal run would refuse the file.
      const empty = emptyMessages(graph)
      if (empty.count > 0) {
        process.stderr.write(`spinmpi: note: ${output}: ${empty.count} message(s) of 0 bytes (the first: ${empty.first}.bytes); written, but \`spinmpi goal run\` refuses them (LogGOPS needs at least 1 byte)\n`)
      }
    })
}

/** The sends and recvs of 0 bytes in `graph`: how many, and the first as ranks[r].ops[i]. */
function emptyMessages(graph: GoalGraph): { count: number; first: string } {
  let count = 0
  let first = ''
  for (let i = 0; i < graph.numOps; i++) {
    if (graph.type[i] === OP_CALC || graph.size[i] !== 0) continue
    if (count++ === 0) first = `ranks[${graph.rankOf[i]}].ops[${opIndex(graph, i)}]`
  }
  return { count, first }
}

/**
 * Runs the simulation; what the schedule itself makes impossible (a 0-byte message, the event
 * budget, times past 2^53) is the file's fault, so it names the file like a reading error does,
 * without the error class.
 */
function simulate<T>(file: string, run: () => T): T {
  try {
    return run()
  } catch (err) {
    if (err instanceof GoalScheduleError || err instanceof RangeError) throw new UsageError(`${file}: ${err.message}`)
    throw err
  }
}

/**
 * Reads a GOAL text or binary file in chunks. Every error becomes one usage line that names the
 * file, as a compiler would (`app.goal:3: ...`; binary: `app.bin: ranks[0].ops[2].type: ...`).
 */
function readGraph(file: string, keepLabels: boolean): GoalGraph {
  try {
    return readGoalFile(file, { keepLabels })
  } catch (err) {
    if (err instanceof GoalSyntaxError) throw new UsageError(`${file}:${err.line}: ${err.detail}`)
    if (err instanceof GoalScheduleError) throw new UsageError(`${file}: ${err.message}`)
    const code = (err as NodeJS.ErrnoException).code
    if (code === undefined) throw err
    throw new UsageError(`cannot read GOAL file ${file} (${code})`)
  }
}
