// `spinmpi typemap --type FILE [--count N] [--json]`: bounds, sizes and the contiguous runs of
// one type or an array of types (FILE may be '-' for standard input).
import { readFileSync } from 'node:fs'
import type { Command } from 'commander'
import { z } from 'zod'
import { classify, describeLoop, flatten, loopOfCount, MpiError, packSize, parseTypeFile, type Datatype } from '@spinmpi/ddt/internal'
import { UsageError } from '../cli-error.js'
import { nonNegativeInt, parseOptions } from '../options.js'

const TypemapOptions = z.object({
  type: z.string({ error: 'required: a type JSON file, or - for standard input' }).min(1),
  count: nonNegativeInt.default(1),
  json: z.boolean().default(false),
})

/** How many runs the text summary shows before eliding the rest. */
const SHOWN_RUNS = 16

export function registerTypemap(program: Command): void {
  program
    .command('typemap')
    .description('print the bounds, sizes and contiguous runs of a datatype given as JSON')
    .option('--type <file>', 'type JSON file (one type or an array of types), - for stdin')
    .option('--count <n>', 'instances of the type', '1')
    .option('--json', 'print JSON')
    .action((raw: unknown) => {
      const opts = parseOptions(TypemapOptions, raw)
      const file = readTypeFile(opts.type)
      const described = file.types.map((t) => describe(t.commit(), opts.count))
      if (opts.json) {
        process.stdout.write(`${JSON.stringify(file.isArray ? described : described[0])}\n`)
        return
      }
      file.types.forEach((t, i) => process.stdout.write(`${summary(t, described[i]!, opts.count, file.isArray ? i : -1)}\n`))
    })
}

function readTypeFile(path: string) {
  let text: string
  try {
    text = readFileSync(path === '-' ? 0 : path, 'utf8')
  } catch (err) {
    throw new UsageError(`--type: cannot read ${path} (${(err as NodeJS.ErrnoException).code ?? String(err)})`)
  }
  try {
    return parseTypeFile(text)
  } catch (err) {
    if (err instanceof MpiError) throw new UsageError(`${path}: ${err.message}`)
    throw err
  }
}

interface TypemapJson {
  size: number
  lb: number
  ub: number
  extent: number
  trueLb: number
  trueUb: number
  trueExtent: number
  packSize: number
  runs: [number, number][]
}

function describe(t: Datatype, count: number): TypemapJson {
  return {
    size: t.size, lb: t.lb, ub: t.ub, extent: t.extent,
    trueLb: t.trueLb, trueUb: t.trueUb, trueExtent: t.trueExtent,
    packSize: packSize(t, count),
    runs: flatten(t, count).toArray(),
  }
}

function summary(t: Datatype, d: TypemapJson, count: number, index: number): string {
  const head = index >= 0 ? `[${index}] ` : ''
  const kind = typeof t.spec === 'string' ? t.spec : (t.spec as { kind: string }).kind
  const c = classify(t, count)
  const lines = [
    `${head}${kind}${count > 1 ? ` x ${count}` : ''}`,
    `  size ${d.size} B, ${t.elements} elements; packed ${d.packSize} B`,
    `  lb ${d.lb}, ub ${d.ub}, extent ${d.extent}; true lb ${d.trueLb}, true ub ${d.trueUb}, true extent ${d.trueExtent}`,
    `  dataloop: ${describeLoop(loopOfCount(t, count))}`,
    `  handler class: ${c.kind}`,
    `  ${d.runs.length} contiguous run${d.runs.length === 1 ? '' : 's'} [offset, length]:`,
    ...d.runs.slice(0, SHOWN_RUNS).map(([o, l]) => `    [${o}, ${l}]`),
  ]
  if (d.runs.length > SHOWN_RUNS) lines.push(`    … ${d.runs.length - SHOWN_RUNS} more (use --json for all)`)
  return lines.join('\n')
}
