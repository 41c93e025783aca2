import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { appArgs, camelCase } from '../src/app-args.js'
import { UsageError } from '../src/cli-error.js'

// The tokenizer of `spinmpi run <app> ...`; the apps' own tests start from the records it makes.
const spec = { usage: 'spinmpi run demo [--ranks P] [--eager-limit B] [--timing] [--json]', flags: ['timing', 'json'] }

describe('appArgs: the words after `spinmpi run <app>`', () => {
  it('reads `--a b`, `--a=b` and bare flags; the last of a repeated option wins', () => {
    expect(appArgs(['--ranks', '4', '--n=32', '--timing', '--seed', '-3', '--json'], spec))
      .toEqual({ ranks: '4', n: '32', timing: true, seed: '-3', json: true })
    expect(appArgs(['--timing=false', '--profile=', '--ranks', '2', '--ranks', '8'], spec)).toEqual({ timing: 'false', profile: '', ranks: '8' })
    expect(appArgs(['--lattice=4x4=x'], spec)).toEqual({ lattice: '4x4=x' })
    expect(appArgs([], spec)).toEqual({})
  })

  it('turns kebab-case names into camelCase keys, flags included', () => {
    expect(appArgs(['--eager-limit', '0', '--lattice=4x4x4x4', '--dry-run'], { usage: 'u', flags: ['dryRun'] }))
      .toEqual({ eagerLimit: '0', lattice: '4x4x4x4', dryRun: true })
    expect(camelCase('eager-limit')).toBe('eagerLimit')
    expect(camelCase('a-b-c')).toBe('aBC')
    expect(camelCase('ranks')).toBe('ranks')
  })

  it('only names listed as flags go without a value', () => {
    expect(appArgs(['--json', '--timing'], { usage: 'u', flags: ['json', 'timing'] })).toEqual({ json: true, timing: true })
    // not a flag for this app: --json takes the next word
    expect(appArgs(['--json', 'x'], { usage: 'u', flags: [] })).toEqual({ json: 'x' })
  })

  it('rejects a word that is not an option, naming the app usage', () => {
    expect(() => appArgs(['64'], spec)).toThrow(new UsageError(`unexpected argument '64' (usage: ${spec.usage})`))
    expect(() => appArgs(['--ranks', '2', '8'], spec)).toThrow(`unexpected argument '8' (usage: ${spec.usage})`)
    expect(() => appArgs(['-n', '8'], spec)).toThrow(`unexpected argument '-n' (usage: ${spec.usage})`)
  })

  it('rejects an option without its value, named as typed', () => {
    expect(() => appArgs(['--n'], spec)).toThrow(new UsageError('--n: expected a value'))
    expect(() => appArgs(['--n', '--json'], spec)).toThrow(new UsageError('--n: expected a value'))
    expect(() => appArgs(['--eager-limit'], spec)).toThrow(new UsageError('--eager-limit: expected a value'))
  })

  it('with the names the app takes, an unknown one is unknown even as the last word, with a guess', () => {
    const named = { ...spec, names: ['ranks', 'eager-limit', 'timing', 'json'] }
    expect(appArgs(['--eager-limit=0', '--timing'], named)).toEqual({ eagerLimit: '0', timing: true })
    expect(() => appArgs(['--bogus'], named)).toThrow(new UsageError(`unknown option --bogus (usage: ${spec.usage})`))
    expect(() => appArgs(['--rank', '4'], named)).toThrow(new UsageError(`unknown option --rank (did you mean --ranks?) (usage: ${spec.usage})`))
    expect(() => appArgs(['--eager-limt=4'], named)).toThrow(new UsageError(`unknown option --eager-limt (did you mean --eager-limit?) (usage: ${spec.usage})`))
    expect(() => appArgs(['--ranks'], named)).toThrow(new UsageError('--ranks: expected a value'))
  })

  it('keeps inherited property names as plain keys for the app to reject', () => {
    const r = appArgs(['--constructor', 'x', '--__proto__', 'y'], spec)
    expect(Object.keys(r)).toEqual(['constructor', '__proto__'])
    expect(Object.getPrototypeOf(r)).toBeNull()
  })

  it('reads back any record written in either spelling', () => {
    const word = fc.stringMatching(/^[a-z][a-z0-9]{0,5}$/)
    const name = fc.array(word, { minLength: 1, maxLength: 3 }).map((parts) => parts.join('-'))
    const value = fc.oneof(fc.constant(true as const), fc.string().filter((s) => !s.startsWith('--')))
    const entries = fc.uniqueArray(fc.tuple(name, value, fc.boolean()), { selector: ([n]) => camelCase(n), maxLength: 6 })
    fc.assert(fc.property(entries, (es) => {
      const flags = es.filter(([, v]) => v === true).map(([n]) => camelCase(n))
      const argv = es.flatMap(([n, v, inline]) => v === true ? [`--${n}`] : inline ? [`--${n}=${v}`] : [`--${n}`, v])
      expect(appArgs(argv, { usage: 'u', flags })).toEqual(Object.fromEntries(es.map(([n, v]) => [camelCase(n), v])))
    }))
  })
})
