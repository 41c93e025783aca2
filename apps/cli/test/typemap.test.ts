import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCommand } from './run-command.js'
import { registerTypemap } from '../src/commands/typemap.js'

const run = (args: string[]) => runCommand(registerTypemap, ['typemap', ...args])

function typeFile(value: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'spinmpi-typemap-'))
  const path = join(dir, 'type.json')
  writeFileSync(path, JSON.stringify(value))
  return path
}

describe('spinmpi typemap', () => {
  it('prints bounds and merged runs of count instances as JSON', async () => {
    // column of a 4x4 float64 matrix, resized to one element so instances interleave
    const file = typeFile({ kind: 'resized', lb: 0, extent: 8, oldtype: { kind: 'vector', count: 4, blocklength: 1, stride: 4, oldtype: 'float64' } })
    const out = JSON.parse(await run(['--type', file, '--count', '2', '--json']))
    expect(out).toEqual({
      size: 32, lb: 0, ub: 8, extent: 8, trueLb: 0, trueUb: 104, trueExtent: 104, packSize: 64,
      runs: [[0, 8], [32, 8], [64, 8], [96, 8], [8, 8], [40, 8], [72, 8], [104, 8]],
    })
  })

  it('gives an array for an array file, with struct padding and typemap order kept', async () => {
    const file = typeFile([
      { kind: 'struct', blocklengths: [3, 1, 1], displacements: [0, 24, 28], types: ['float64', 'int32', 'int16'] },
      { kind: 'indexedBlock', blocklength: 2, displacements: [10, 0, 4], oldtype: 'float32' },
    ])
    const out = JSON.parse(await run(['--type', file, '--json']))
    expect(out).toHaveLength(2)
    // 24 + 4 + 2 = 30 bytes of data ending at 30, padded to the 8-byte alignment of float64
    expect(out[0]).toMatchObject({ size: 30, lb: 0, ub: 32, extent: 32, trueUb: 30, runs: [[0, 30]] })
    // blocks at 40, 0, 16 (x4 bytes): typemap order, not address order
    expect(out[1].runs).toEqual([[40, 8], [0, 8], [16, 8]])
  })

  it('writes a readable summary with the dataloop and handler class', async () => {
    const file = typeFile({ kind: 'vector', count: 3, blocklength: 2, stride: 5, oldtype: 'int32' })
    const out = await run(['--type', file])
    expect(out).toContain('size 24 B, 6 elements; packed 24 B')
    expect(out).toContain('handler class: vector')
    expect(out).toContain('3 contiguous runs')
    expect(out).toContain('    [40, 8]')
  })

  it('says "1 element", not "1 elements"', async () => {
    const out = await run(['--type', typeFile('float64'), '--count', '4'])
    expect(out).toContain('size 8 B, 1 element; packed 32 B')
  })

  it('names the offending field of a bad type, and refuses a bad count', async () => {
    const file = typeFile({ kind: 'vector', count: 2, blocklength: -1, stride: 3, oldtype: 'int32' })
    await expect(run(['--type', file])).rejects.toThrow(/blocklength: expected a non-negative integer/)
    await expect(run(['--type', file, '--count', 'x'])).rejects.toThrow(/--count/)
    await expect(run(['--type', '/nonexistent/t.json'])).rejects.toThrow(/--type: cannot read/)
  })

  it('summarizes 100,000 instances without holding their runs, and counts the runs in closed form', async () => {
    // vector-64: 16384 runs of 64 B per instance, stride 128 B, extent 16383 * 128 + 64: the next
    // instance starts where the last run ends, so each of the 99,999 boundaries merges two runs
    const out = await run(['--type', 'examples/types/vector-64.json', '--count', '100000'])
    expect(out).toContain(`${100000 * 16384 - 99999} contiguous runs`)
    expect(out).toContain(`… ${100000 * 16384 - 99999 - 16} more`)
    await expect(run(['--type', 'examples/types/vector-64.json', '--count', '100000', '--json'])).rejects.toThrow(/--max-runs: the type has up to 1638400000 runs/)
  })

  it('counts merged runs in closed form exactly as a walk does', async () => {
    // contiguous instances merge into one run at every boundary
    const file = typeFile({ kind: 'resized', lb: 0, extent: 8, oldtype: { kind: 'hvector', count: 2, blocklength: 1, stride: 4, oldtype: 'int32' } })
    const out = await run(['--type', file, '--count', '5'])
    expect(out).toContain('1 contiguous run [offset, length]')
    const json = JSON.parse(await run(['--type', file, '--count', '5', '--json']))
    expect(json.runs).toEqual([[0, 40]])
  })

  it('refuses empty type arrays, NUL bytes and a --count past 2^53 bytes by name; ignores a BOM', async () => {
    await expect(run(['--type', typeFile([])])).rejects.toThrow(/the array holds no types/)
    await expect(run(['--type', typeFile({ $schema: 'x', types: [] })])).rejects.toThrow(/: type file: types: the array holds no types$/)
    const dir = mkdtempSync(join(tmpdir(), 'spinmpi-typemap-'))
    writeFileSync(join(dir, 'nul.json'), '"int32"\0')
    await expect(run(['--type', join(dir, 'nul.json')])).rejects.toThrow(/NUL byte at line 1/)
    writeFileSync(join(dir, 'bom.json'), '\uFEFF"int32"')
    expect(await run(['--type', join(dir, 'bom.json')])).toContain('size 4 B')
    await expect(run(['--type', 'examples/types/vector-64.json', '--count', '1e12'])).rejects.toThrow(/^--count: 1000000000000 instances/)
    await expect(run(['--type', 'examples/types/vector-64.json', '--count', ''])).rejects.toThrow(/--count: expected an integer, got ""/)
  })

  it('names a misspelt field with a did-you-mean, nested too', async () => {
    const file = typeFile({ kind: 'contiguous', count: 2, oldtype: { kind: 'vector', count: 2, blocklen: 1, stride: 4, oldtype: 'float64' } })
    await expect(run(['--type', file])).rejects.toThrow(`${file}: oldtype: vector: unknown field "blocklen" (did you mean "blocklength"?)`)
  })

  it('reads every example type file', async () => {
    const files = readdirSync('examples/types').filter((f) => f.endsWith('.json'))
    expect(files.length).toBeGreaterThanOrEqual(9)
    for (const f of files) expect(await run(['--type', `examples/types/${f}`])).toContain('size')
  })
})
