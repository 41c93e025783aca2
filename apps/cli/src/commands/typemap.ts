// `spinmpi typemap --type FILE [--count N] [--json] [--max-runs N]`: bounds, sizes and the
// contiguous runs of one type or an array of types (FILE may be '-' for standard input). Runs are
// walked, never held: the text summary shows the first few and counts the rest in closed form;
// --json streams them, refusing up front when there would be more than --max-runs.
import type { Command } from 'commander'
import { z } from 'zod'
import { classify, describeLoop, loopOfCount, MpiError, packSize, parseTypeFile, type Datatype } from '@spinmpi/ddt/internal'
import { UsageError } from '../cli-error.js'
import { MAX_TYPE_FILE_BYTES, readInputText } from '../input-file.js'
import { nonNegativeInt, parseOptions } from '../options.js'
import { writeOut } from '../output.js'
import { countRuns, leafRuns, runBatches } from '../runs.js'

/** Runs --json lists unless told otherwise: about 20 MB of JSON. */
const DEFAULT_MAX_RUNS = 1_000_000

const TypemapOptions = z.object({
  type: z.string({ error: 'required: a type JSON file, or - for standard input' }).min(1),
  count: nonNegativeInt.default(1),
  json: z.boolean().default(false),
  maxRuns: nonNegativeInt.default(DEFAULT_MAX_RUNS),
})

/** How many runs the text summary shows before eliding the rest. */
const SHOWN_RUNS = 16

export function registerTypemap(program: Command): void {
  program
    .command('typemap')
    .description('print the bounds, sizes and contiguous runs of a datatype given as JSON')
    .option('--type <file>', 'type JSON file (one type or an array of types), - for stdin')
    .option('--count <n>', 'instances of the type', '1')
    .option('--json', 'print JSON (every run, streamed)')
    .option('--max-runs <n>', `with --json, refuse types with more runs than this (default ${DEFAULT_MAX_RUNS})`)
    .action(async (raw: unknown) => {
      const opts = parseOptions(TypemapOptions, raw)
      const file = readTypeFile(opts.type)
      const types = file.types.map((t) => withCount(() => {
        t.commit()
        packSize(t, opts.count)
        return t
      }))
      if (opts.json) {
        for (const t of types) {
          const runs = withCount(() => leafRuns(t, opts.count))
          if (runs > opts.maxRuns) {
            throw new UsageError(`--max-runs: the type has up to ${runs} runs at --count ${opts.count}, more than ${opts.maxRuns}; raise --max-runs to stream them all`)
          }
        }
        await writeJson(types, opts.count, file.isArray)
        return
      }
      for (let i = 0; i < types.length; i++) await writeOut(`${summary(types[i]!, opts.count, file.isArray ? i : -1)}\n`)
    })
}

/** Runs `f`, reporting the engine's count errors (span past 2^53) as errors of --count. */
function withCount<T>(f: () => T): T {
  try {
    return f()
  } catch (err) {
    if (err instanceof MpiError) throw new UsageError(err.message.startsWith('count:') ? `--${err.message}` : err.message)
    throw err
  }
}

function readTypeFile(path: string) {
  const text = readInputText(path, '--type', MAX_TYPE_FILE_BYTES)
  try {
    return parseTypeFile(text)
  } catch (err) {
    if (err instanceof MpiError) throw new UsageError(`${path}: ${err.message}`)
    throw err
  }
}

function head(t: Datatype, count: number) {
  return {
    size: t.size, lb: t.lb, ub: t.ub, extent: t.extent,
    trueLb: t.trueLb, trueUb: t.trueUb, trueExtent: t.trueExtent,
    packSize: packSize(t, count),
  }
}

/** The same bytes as JSON.stringify of {…head, runs}, written as the runs are walked. */
async function writeJson(types: readonly Datatype[], count: number, isArray: boolean): Promise<void> {
  if (isArray) await writeOut('[')
  for (let i = 0; i < types.length; i++) {
    const t = types[i]!
    const fields = JSON.stringify(head(t, count))
    await writeOut(`${i > 0 ? ',' : ''}${fields.slice(0, -1)},"runs":[`)
    let first = true
    for (const batch of runBatches(t, count)) {
      let text = ''
      for (let k = 0; k < batch.length; k += 2) {
        text += `${first ? '' : ','}[${batch[k]},${batch[k + 1]}]`
        first = false
      }
      await writeOut(text)
    }
    await writeOut(']}')
  }
  await writeOut(isArray ? ']\n' : '\n')
}

function summary(t: Datatype, count: number, index: number): string {
  const d = head(t, count)
  const label = index >= 0 ? `[${index}] ` : ''
  const kind = typeof t.spec === 'string' ? t.spec : (t.spec as { kind: string }).kind
  const c = classify(t, count)
  const shown: [number, number][] = []
  for (const batch of runBatches(t, count)) {
    for (let k = 0; k < batch.length && shown.length <= SHOWN_RUNS; k += 2) shown.push([batch[k]!, batch[k + 1]!])
    if (shown.length > SHOWN_RUNS) break
  }
  const total = countRuns(t, count)
  const counted = total === undefined ? `more than ${SHOWN_RUNS} contiguous runs (up to ${leafRuns(t, count)}; too many to count)` : `${total} contiguous run${total === 1 ? '' : 's'}`
  const lines = [
    `${label}${kind}${count > 1 ? ` x ${count}` : ''}`,
    `  size ${d.size} B, ${t.elements} element${t.elements === 1 ? '' : 's'}; packed ${d.packSize} B`,
    `  lb ${d.lb}, ub ${d.ub}, extent ${d.extent}; true lb ${d.trueLb}, true ub ${d.trueUb}, true extent ${d.trueExtent}`,
    `  dataloop: ${describeLoop(loopOfCount(t, count))}`,
    `  handler class: ${c.kind}`,
    `  ${counted} [offset, length]:`,
    ...shown.slice(0, SHOWN_RUNS).map(([o, l]) => `    [${o}, ${l}]`),
  ]
  const more = total === undefined ? undefined : total - SHOWN_RUNS
  if (shown.length > SHOWN_RUNS) lines.push(more === undefined ? '    … (use --json --max-runs N for all)' : `    … ${more} more (use --json for all)`)
  return lines.join('\n')
}
