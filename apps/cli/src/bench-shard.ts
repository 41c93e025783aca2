// Sweeps beyond one machine: `bench NAME --shard i/N --out DIR` runs every N-th figure of the
// selection (a job array: SLURM's $SLURM_ARRAY_TASK_ID, or GNU parallel on one machine) and
// leaves a manifest beside the figures' JSON; `bench merge DIR...` checks that the shards form
// one complete sweep and rebuilds the outputs of a single run from their JSON (figures are
// deterministic, so the merged JSON equals the unsharded JSON byte for byte).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { z } from 'zod'
import type { Figure, FigureResult } from '@spinmpi/micro'
import { UsageError } from './cli-error.js'

export interface Shard {
  readonly index: number
  readonly of: number
}

export const shardOption = z
  .string()
  .regex(/^\d+\/\d+$/, 'expected i/N, e.g. 0/4')
  .transform((s) => {
    const [index, of] = s.split('/').map(Number) as [number, number]
    return { index, of }
  })
  .refine((s) => s.of >= 1 && s.index < s.of, 'i must be in 0 .. N-1 and N at least 1')

/** Figures of `selected` that shard `s` runs: every N-th, starting at i. */
export function shardFigures(selected: readonly Figure[], s: Shard): Figure[] {
  return selected.filter((_, k) => k % s.of === s.index)
}

const manifestSchema = z.strictObject({
  spinmpiBenchShard: z.literal(1),
  selection: z.string(),
  shard: z.number().int().min(0),
  of: z.number().int().min(1),
  quick: z.boolean(),
  profile: z.string().nullable(),
  figures: z.array(z.strictObject({ name: z.string(), wallSeconds: z.number() })),
})
type Manifest = z.infer<typeof manifestSchema>

const manifestName = (s: Shard): string => `shard-${s.index}-of-${s.of}.json`

export function writeManifest(dir: string, selection: string, s: Shard, quick: boolean, profile: string | undefined, done: ReadonlyArray<{ name: string; wallSeconds: number }>): void {
  const m: Manifest = { spinmpiBenchShard: 1, selection, shard: s.index, of: s.of, quick, profile: profile ?? null, figures: done.map((d) => ({ name: d.name, wallSeconds: d.wallSeconds })) }
  writeFileSync(join(resolve(dir), manifestName(s)), `${JSON.stringify(m, null, 2)}\n`)
}

export interface MergedFigure {
  readonly figure: Figure
  readonly result: FigureResult
  readonly wallSeconds: number
}

export interface Merged {
  readonly selection: string
  readonly quick: boolean
  readonly profile: string | undefined
  readonly figures: MergedFigure[]
}

/**
 * Reads the shard manifests in `dirs`, checks they are the N shards of one sweep (same
 * selection, options and N, each shard once, each figure where the selection puts it) and
 * returns the figures in the selection's order with their results.
 */
export function mergeShards(dirs: readonly string[], select: (name: string) => readonly Figure[]): Merged {
  const manifests: Array<{ dir: string; m: Manifest }> = []
  for (const dir of dirs) {
    if (!existsSync(dir)) throw new UsageError(`bench merge: no directory ${dir}`)
    for (const file of readdirSync(dir).filter((f) => /^shard-\d+-of-\d+\.json$/.test(f)).sort()) {
      const parsed = manifestSchema.safeParse(readJson(join(dir, file)))
      if (!parsed.success) throw new UsageError(`bench merge: ${join(dir, file)}: not a shard manifest (${parsed.error.issues[0]!.message})`)
      manifests.push({ dir, m: parsed.data })
    }
  }
  if (manifests.length === 0) throw new UsageError(`bench merge: no shard-i-of-N.json in ${dirs.join(', ')}`)
  const first = manifests[0]!.m
  for (const { dir, m } of manifests) {
    if (m.selection !== first.selection || m.of !== first.of || m.quick !== first.quick || m.profile !== first.profile) {
      throw new UsageError(`bench merge: ${dir} holds shard ${m.shard}/${m.of} of "${m.selection}" (quick ${m.quick}, profile ${m.profile ?? 'default'}), not of the same sweep as the first ("${first.selection}", ${first.of} shards, quick ${first.quick}, profile ${first.profile ?? 'default'})`)
    }
  }
  const byShard = new Map<number, { dir: string; m: Manifest }>()
  for (const entry of manifests) {
    if (byShard.has(entry.m.shard)) throw new UsageError(`bench merge: shard ${entry.m.shard}/${first.of} appears twice (${byShard.get(entry.m.shard)!.dir} and ${entry.dir})`)
    byShard.set(entry.m.shard, entry)
  }
  const missing = Array.from({ length: first.of }, (_, i) => i).filter((i) => !byShard.has(i))
  if (missing.length > 0) throw new UsageError(`bench merge: missing shard(s) ${missing.map((i) => `${i}/${first.of}`).join(', ')}`)
  const selected = select(first.selection)
  const figures = selected.map((figure, k): MergedFigure => {
    const { dir, m } = byShard.get(k % first.of)!
    const done = m.figures.find((f) => f.name === figure.name)
    if (done === undefined) throw new UsageError(`bench merge: shard ${m.shard}/${m.of} in ${dir} did not record ${figure.name}`)
    // the file holds the result plus the claims checked on it; merge checks them again
    const file = join(dir, `${figure.name}.json`)
    const parsed = figureFileSchema.safeParse(readJson(file))
    if (!parsed.success || parsed.data.name !== figure.name) {
      const why = parsed.success ? `"name" is ${JSON.stringify(parsed.data.name)}, not "${figure.name}"` : issueText(parsed.error.issues[0]!)
      throw new UsageError(`bench merge: ${file}: not the JSON of ${figure.name} (${why})`)
    }
    const { claims: _claims, ...result } = parsed.data
    return { figure, result: result as FigureResult, wallSeconds: done.wallSeconds }
  })
  return { selection: first.selection, quick: first.quick, profile: first.profile ?? undefined, figures }
}

/**
 * What merge needs of a figure's JSON before the figure's own checks and SVG read it: a file
 * edited or cut short on the way back from a cluster is named here, not met as a TypeError later.
 */
const figureFileSchema = z.looseObject({
  name: z.string(),
  profile: z.string(),
  rows: z.array(z.record(z.string(), z.unknown())),
  claims: z.unknown().optional(),
})

function issueText(issue: z.core.$ZodIssue): string {
  return issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message
}

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'))
  } catch (err) {
    throw new UsageError(`bench merge: cannot read ${path} (${err instanceof Error ? err.message.split('\n')[0] : String(err)})`)
  }
}
