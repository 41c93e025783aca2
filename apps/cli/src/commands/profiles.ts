// `spinmpi profiles [NAME] [--json] [--set path=value ...]`: list the machine profiles, or print
// one with every value and where it comes from (paper section or the reason it was chosen).
import type { Command } from 'commander'
import { z } from 'zod'
import { getNamedProfile, leafPaths, listProfiles, parseOverrides, resolveProfile, getPath, ProfileError } from '@spinmpi/nic/internal'
import { UsageError } from '../cli-error.js'
import { parseOptions } from '../options.js'
import { formatTable } from '../table.js'

const ProfilesOptions = z.object({
  json: z.boolean().default(false),
  set: z.array(z.string()).default([]),
})

export function registerProfiles(program: Command): void {
  program
    .command('profiles')
    .description('list the machine profiles, or show one with the source of every value')
    .argument('[name]', 'profile to show (sc19, spin-sc17-discrete, spin-sc17-integrated, pspin, fpspin, myrinet)')
    .option('--json', 'print JSON')
    .option('--set <path=value...>', 'override a value, e.g. --set nic.hpus=8 network.mtuBytes=4096')
    .action((name: string | undefined, raw: unknown) => {
      const opts = parseOptions(ProfilesOptions, raw)
      try {
        process.stdout.write(`${name === undefined ? listAll(opts.json, opts.set) : showOne(name, opts.json, opts.set)}\n`)
      } catch (err) {
        if (err instanceof ProfileError) throw new UsageError(err.message)
        throw err
      }
    })
}

function listAll(json: boolean, set: readonly string[]): string {
  if (set.length > 0) throw new UsageError('--set needs a profile name')
  const rows = listProfiles().map((p) => ({ name: p.name, description: p.description }))
  return json ? JSON.stringify(rows, null, 2) : formatTable(rows, ['name', 'description'])
}

function showOne(name: string, json: boolean, set: readonly string[]): string {
  const named = getNamedProfile(name)
  const overrides = parseOverrides(set)
  const values = resolveProfile(name, overrides)
  const sourceOf = (path: string) => (Object.hasOwn(overrides, path) ? 'override (--set)' : named.sources[path]!)
  if (json) {
    const sources = Object.fromEntries(leafPaths(values).map((p) => [p, sourceOf(p)]))
    return JSON.stringify({ name: named.name, description: named.description, values, sources }, null, 2)
  }
  const rows = leafPaths(values).map((path) => ({ field: path, value: String(getPath(values, path)), source: sourceOf(path) }))
  return `${named.name}: ${named.description}\n\n${formatTable(rows, ['field', 'value', 'source'])}`
}
