// Command-line words after `spinmpi run fft2d` into a record: `--a b`, `--a=b`, bare flags.

import { Fft2dOptionsError } from './options.js'

const FLAGS = new Set(['timing', 'json'])

export function argvToRecord(argv: readonly string[]): Record<string, string | boolean> {
  const out: Record<string, string | boolean> = {}
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!
    if (!word.startsWith('--')) throw new Fft2dOptionsError(`unexpected argument '${word}'`)
    const eq = word.indexOf('=')
    const name = eq < 0 ? word.slice(2) : word.slice(2, eq)
    if (eq >= 0) out[name] = word.slice(eq + 1)
    else if (FLAGS.has(name)) out[name] = true
    else {
      const value = argv[i + 1]
      if (value === undefined || value.startsWith('--')) throw new Fft2dOptionsError(`--${name}: expected a value`)
      out[name] = value
      i++
    }
  }
  return out
}
