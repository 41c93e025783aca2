// `spinmpi profiles [NAME] [--json] [--set path=value ...]`: list the machine profiles, or print
// one with every value and where it comes from (paper section or the reason it was chosen).
import type { Command } from 'commander'
import { z } from 'zod'
import { getNamedProfile, leafPaths, listProfiles, resolveProfile, getPath, ProfileError, type Profile, type ProfileOverrides } from '@spinmpi/nic/internal'
import { isProfileFileRef } from '@spinmpi/nic'
import { UsageError } from '../cli-error.js'
import { parseOptions } from '../options.js'
import { formatTable } from '../table.js'
import { parseSet, profileNameFor } from '../profile-option.js'

const ProfilesOptions = z.object({
  json: z.boolean().default(false),
  set: z.array(z.string()).default([]),
})

export function registerProfiles(program: Command): void {
  program
    .command('profiles')
    .description('list the machine profiles, or show one with the source of every value')
    .argument('[name]', `profile to show (${listProfiles().map((p) => p.name).join(', ')}) or a JSON profile file`)
    .option('--json', 'print JSON')
    .option('--set <path=value...>', 'override a value, e.g. --set nic.hpus=8 network.mtuBytes=4096')
    .action((name: string | undefined, raw: unknown) => {
      const opts = parseOptions(ProfilesOptions, raw)
      try {
        if (name !== undefined && isProfileFileRef(name)) {
          // A file: registered under its own name (with its values' sources), then shown like any other.
          // its errors start with the file: it is this command's argument, not a --profile option
          const shown = profileNameFor(name, [], '').name!
          process.stdout.write(`${showOne(shown, opts.json, opts.set)}\n`)
          return
        }
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
  const overrides = parseSet(set)
  const named = getNamedProfile(name)
  const values = resolveProfile(name, overrides)
  const sourceOf = (path: string) => (Object.hasOwn(overrides, path) ? 'override (--set)' : named.sources[path]!)
  if (json) {
    const sources = Object.fromEntries(leafPaths(values).map((p) => [p, sourceOf(p)]))
    return JSON.stringify({ name: named.name, description: named.description, values, sources }, null, 2)
  }
  const rows = leafPaths(values).map((path) => ({ field: path, value: String(getPath(values, path)), source: sourceOf(path) }))
  return `${header(named.name, named.description, values, overrides)}\n\n${formatTable(rows, ['field', 'value', 'source'])}`
}

/**
 * The profile's description, or with --set a summary computed from the values in force (the
 * description quotes the unmodified numbers), followed by what was overridden.
 */
function header(name: string, description: string, values: Profile, overrides: ProfileOverrides): string {
  const set = Object.keys(overrides)
  if (set.length === 0) return `${name}: ${description}`
  const mtu = values.network.mtuBytes
  const summary = `${values.network.linkGbps} Gbit/s, ${mtu % 1024 === 0 ? `${mtu / 1024} KiB` : `${mtu} B`} packets, ` +
    `${values.nic.hpus} HPUs at ${values.nic.hpuHz / 1e6} MHz, PCIe Gen${values.pcie.gen} x${values.pcie.lanes}`
  return `${name} with ${set.map((p) => `${p}=${String(getPath(values, p))}`).join(', ')}: ${summary}`
}
