// `--faults loss=P,dup=P,nicmem=SIZE,rto=TIME` and `--fault-seed N` of `run`, `unpack` and
// `compare` (docs/faults.md): the text becomes the library's FaultSpec, validated by its zod
// schema; a bad part is one line naming it, e.g. "--faults: loss: expected a probability in [0, 1)".

import { withFaults, type FaultCounts, type FaultSpec } from '@spinmpi/runtime'
import { FaultSpecSchema } from '@spinmpi/runtime/internal'
import { UsageError } from './cli-error.js'
import { TIME_UNITS } from './duration.js'

export const FAULTS_HELP = 'inject faults, e.g. loss=0.01,dup=0.005,nicmem=64KiB,rto=2us,dupmode=handler (see docs/faults.md)'
export const FAULT_SEED_HELP = 'seed of the fault draws (default: the run\'s seed, or 1)'

const KEYS: Record<string, keyof FaultSpec> = { loss: 'loss', dup: 'dup', dupmode: 'dupMode', nicmem: 'nicmem', rto: 'rtoNs' }
const BYTE_UNITS: Record<string, number> = { '': 1, b: 1, kib: 1024, mib: 1024 ** 2, gib: 1024 ** 3, kb: 1e3, mb: 1e6, gb: 1e9 }

/** The FaultSpec of `--faults TEXT` and `--fault-seed SEED` (either may be absent), or undefined. */
export function parseFaultOptions(text: string | undefined, seed: string | number | undefined): FaultSpec | undefined {
  if (text === undefined && seed === undefined) return undefined
  const spec: Record<string, number | string> = {}
  if (text !== undefined) {
    if (text.trim() === '') throw new UsageError('--faults: expected key=value pairs, e.g. loss=0.01,dup=0.005,nicmem=64KiB')
    for (const part of text.split(',')) {
      const eq = part.indexOf('=')
      const key = (eq < 0 ? part : part.slice(0, eq)).trim()
      const field = KEYS[key]
      if (field === undefined) throw new UsageError(`--faults: unknown fault '${key}' (expected loss, dup, dupmode, nicmem or rto)`)
      if (eq < 0) throw new UsageError(`--faults: ${key}: expected ${key}=value`)
      if (field in spec) throw new UsageError(`--faults: ${key}: given twice`)
      const text = part.slice(eq + 1).trim()
      spec[field] = key === 'dupmode' ? text : valueOf(key, text)
    }
  }
  if (seed !== undefined) {
    const s = String(seed).trim()
    const n = /^[+-]?\d+$/.test(s) ? Number(s) : NaN
    if (!Number.isSafeInteger(n)) throw new UsageError(`--fault-seed: expected an integer, got ${JSON.stringify(String(seed))}`)
    spec.seed = n
  }
  const r = FaultSpecSchema.safeParse(spec)
  if (!r.success) {
    const issue = r.error.issues[0]!
    const name = Object.keys(KEYS).find((k) => KEYS[k] === issue.path[0]) ?? String(issue.path[0] ?? '')
    throw new UsageError(name === 'seed' ? `--fault-seed: ${issue.message}` : `--faults: ${name}: ${issue.message}`)
  }
  return r.data
}

function valueOf(key: string, text: string): number {
  const m = /^([+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?)\s*([a-zµ]*|%)$/i.exec(text)
  const bad = (what: string) => new UsageError(`--faults: ${key}: expected ${what}, got ${JSON.stringify(text)}`)
  if (m === null) throw bad(key === 'nicmem' ? 'a size like 65536 or 64KiB' : key === 'rto' ? 'a time like 800ns or 2us' : 'a probability like 0.01 or 1%')
  const n = Number(m[1])
  const unit = m[2]!.toLowerCase()
  if (key === 'nicmem') {
    const f = BYTE_UNITS[unit]
    if (f === undefined) throw bad('a size in B, KiB, MiB, GiB, kB, MB or GB')
    return n * f
  }
  if (key === 'rto') {
    const f = TIME_UNITS[unit]
    if (f === undefined) throw bad('a time in ns, us, ms or s')
    return n * f
  }
  if (unit === '%') return n / 100
  if (unit !== '') throw bad('a probability like 0.01 or 1%')
  return n
}

/** Splits `--faults SPEC` and `--fault-seed N` (or `--x=v`) out of a built-in app's words. */
export function takeFaultOptions(argv: readonly string[]): { readonly faults: FaultSpec | undefined; readonly rest: string[] } {
  const found: Record<string, string> = {}
  const rest: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!
    const key = ['--faults', '--fault-seed'].find((k) => word === k || word.startsWith(`${k}=`))
    if (key === undefined) {
      rest.push(word)
      continue
    }
    const value = word === key ? argv[++i] : word.slice(key.length + 1)
    if (value === undefined || value.startsWith('--')) throw new UsageError(`${key}: expected a value`)
    found[key] = value
  }
  return { faults: parseFaultOptions(found['--faults'], found['--fault-seed']), rest }
}

/** Runs `app` with `faults` injected into every simulation it starts; adds their summed counts to its report. */
export async function withFaultCounts(faults: FaultSpec | undefined, app: () => Promise<object>): Promise<object> {
  if (faults === undefined) return app()
  const { value, counts } = await withFaults(faults, app)
  const sum: Record<string, number> = {}
  for (const c of counts) for (const [k, v] of Object.entries(c) as [keyof FaultCounts, number][]) sum[k] = (sum[k] ?? 0) + v
  return { ...value, faultRuns: counts.length, ...Object.fromEntries(Object.entries(sum).map(([k, v]) => [`fault${k[0]!.toUpperCase()}${k.slice(1)}`, v])) }
}
