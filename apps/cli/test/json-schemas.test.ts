import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { parseTypeFile } from '@spinmpi/ddt'
import { parseProfileFile } from '@spinmpi/nic'
import { jsonSchemaFiles } from '../src/json-schemas.js'
import { registerUnpack } from '../src/commands/unpack.js'
import { UsageError } from '../src/cli-error.js'
import { runCommand } from './run-command.js'

const ROOT = new URL('../../../', import.meta.url)
const read = (path: string) => readFileSync(fileURLToPath(new URL(path, ROOT)), 'utf8')

describe('published JSON Schemas', () => {
  it('equal what the zod schemas generate (run `npm run schemas` after changing them)', () => {
    const generated = jsonSchemaFiles()
    expect(readdirSync(fileURLToPath(new URL('schemas/', ROOT))).sort()).toEqual(Object.keys(generated).sort())
    for (const [name, text] of Object.entries(generated)) expect(read(`schemas/${name}`)).toBe(text)
  })

  it('are named by $schema in the example files, which load', () => {
    const p = parseProfileFile(read('examples/profiles/sc19-8hpus.json'), 'sc19-8hpus.json')
    expect([p.name, p.nic.hpus, p.network.eagerLimitBytes]).toEqual(['sc19-8hpus', 8, 4096])
    const wrapped = parseTypeFile(JSON.stringify({ $schema: '../../schemas/type-file.schema.json', types: ['float64', { kind: 'contiguous', count: 3, oldtype: 'int32' }] }))
    expect(wrapped.types.map((t) => t.size)).toEqual([8, 12])
    const single = parseTypeFile(JSON.stringify({ $schema: 'x', kind: 'vector', count: 2, blocklength: 1, stride: 4, oldtype: 'float64' }))
    expect(single.types[0]!.size).toBe(16)
    expect(() => parseTypeFile('{"types": [], "extra": 1}')).toThrow('type file: unknown field extra')
  })
})

describe('--profile FILE and --set on unpack', () => {
  const unpack = (...words: string[]) => runCommand(registerUnpack, ['unpack', '--type', 'examples/types/vector-64.json', '--strategy', 'rw-cp', '--json', ...words])

  it('changes the simulated machine', async () => {
    const base = JSON.parse(await unpack())
    const file = JSON.parse(await unpack('--profile', 'examples/profiles/sc19-8hpus.json'))
    const set = JSON.parse(await unpack('--set', 'nic.hpus=8', '--set', 'network.eagerLimitBytes=4096'))
    expect(file.verified && set.verified).toBe(true)
    // the file and the two --set are the same machine, named after where it came from
    expect([file.profile, set.profile, base.profile]).toEqual(['sc19-8hpus', 'sc19+set', 'sc19'])
    expect({ ...set, profile: file.profile }).toEqual(file)
    expect(file.ns).not.toBe(base.ns)
  })

  it('names the bad field', async () => {
    await expect(unpack('--set', 'nic.hpus=0')).rejects.toThrow(new UsageError('--set nic.hpus=0: nic.hpus: expected a positive integer, got 0'))
    await expect(unpack('--profile', 'missing.json')).rejects.toThrow(new UsageError('--profile: cannot read missing.json (ENOENT)'))
  })
})
