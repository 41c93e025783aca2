// compare's speedup over host, model-error flags and legend; one byte and γ format shared with
// unpack; unpack --json with what its text shows; specialized's refusal in words, in compare and unpack.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { registerCompare } from '../src/commands/compare.js'
import { registerUnpack } from '../src/commands/unpack.js'
import { runCommand } from './run-command.js'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const type = (name: string) => join(ROOT, 'examples/types', name)
const compare = (...args: string[]) => runCommand(registerCompare, ['compare', ...args])
const unpack = (...args: string[]) => runCommand(registerUnpack, ['unpack', ...args])

/** Cells of a text table by column header (cells are two or more spaces apart). */
function cells(text: string): Record<string, string>[] {
  const lines = text.split('\n')
  const at = lines.findIndex((l) => l.startsWith('strategy '))
  const heads = lines[at]!.split(/\s{2,}/)
  const rows: Record<string, string>[] = []
  for (const line of lines.slice(at + 2)) {
    if (line === '' || line.startsWith('speedup =')) break
    const vals = line.trim().split(/\s{2,}/)
    rows.push(Object.fromEntries(heads.map((h, i) => [h, vals[i] ?? ''])))
  }
  return rows
}

/** The value of one field of unpack's text table. */
const field = (text: string, name: string) => text.split('\n').find((l) => l.startsWith(name))!.slice(name.length).trim()

describe('compare milc-su3 --count 4096', async () => {
  const text = await compare('--type', type('milc-su3.json'), '--count', '4096')
  const json = JSON.parse(await compare('--type', type('milc-su3.json'), '--count', '4096', '--json'))
  const rows = cells(text)
  const byName = (s: string) => rows.find((r) => r.strategy!.replace(' *', '') === s)!

  it('gives the speedup over host (host 1.00x, not run: -), host ns / strategy ns', () => {
    expect(byName('host').speedup).toBe('1.00x')
    expect(byName('specialized').speedup).toBe('-')
    const host = json.rows.find((r: { strategy: string }) => r.strategy === 'host')
    for (const r of json.rows) {
      if (r.ns === null) expect(r.speedupOverHost).toBeNull()
      else expect(r.speedupOverHost).toBeCloseTo(host.ns / r.ns, 3)
    }
    expect(byName('rw-cp').speedup).toBe('1.40x')
  })

  it('flags model errors beyond ±25% with "!" and explains it', () => {
    expect(byName('hpu-local')['model err %']).toBe('-41.6!')
    expect(byName('ro-cp')['model err %']).toBe('-31.4!')
    expect(byName('rw-cp')['model err %']).toBe('2.0')
    const flagged = json.rows.filter((r: { modelErrorOver25Pct: boolean | null }) => r.modelErrorOver25Pct === true).map((r: { strategy: string }) => r.strategy)
    expect(flagged).toEqual(['hpu-local', 'ro-cp'])
    expect(text).toContain('! = error beyond ±25%')
    // both signs explained: a positive error is the model charging what the run overlaps
    expect(text).toContain('below −25% the run has costs the\n  model leaves out, above +25% the model charges costs the run overlaps')
    expect(text).toContain('the paper\'s model of its checkpointed blocked-RR pipelines (RO-CP, RW-CP)')
  })

  it('gives the message size as unpack does', async () => {
    expect(text.split('\n')[0]).toBe('192 KiB on sc19 with 16 HPUs (* = fastest verified)')
    const one = await unpack('--type', type('milc-su3.json'), '--count', '4096', '--strategy', 'rw-cp')
    expect(field(one, 'message size')).toBe('192 KiB')
  })
})

describe('a model error above +25% (iovec, 2 KiB blocks of 1 MiB: the model charges a dispatch per packet that the NIC overlaps)', () => {
  it('is flagged, and disappears when the profile has no dispatch time', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'spinmpi-iovec-'))
    const file = join(dir, 'v2k.json')
    writeFileSync(file, '{"kind":"hvector","count":512,"blocklength":512,"stride":4096,"oldtype":"int32"}')
    const iovec = async (...set: string[]) => JSON.parse(await compare('--type', file, ...set, '--json')).rows.find((r: { strategy: string }) => r.strategy === 'iovec')
    expect((await iovec()).modelErrorPct).toBe(32.5)
    expect((await iovec()).modelErrorOver25Pct).toBe(true)
    expect((await iovec('--set', 'nic.handlerDispatchNs=0')).modelErrorPct).toBe(-0.1)
  })
})

describe('what auto runs, under the table', () => {
  it('names its choice and its time against the fastest row, text and JSON (struct.json at 4 MiB: rw-cp, 2.92x host)', async () => {
    const args = ['--type', type('struct.json'), '--count', '95325']
    const json = JSON.parse(await compare(...args, '--json'))
    expect(json.winner).toBe('host')
    const rw = json.rows.find((r: { strategy: string }) => r.strategy === 'rw-cp')
    const host = json.rows.find((r: { strategy: string }) => r.strategy === 'host')
    expect(json.auto).toEqual({ strategy: 'rw-cp', ns: rw.ns, overFastest: Math.round((1000 * rw.ns) / host.ns) / 1000 })
    expect(json.auto.overFastest).toBe(2.917)
    expect(await compare(...args)).toContain('\nauto (run\'s default: specialized if the layout fits one, else rw-cp) runs rw-cp here: 2.92x the time of the fastest, host\n')
  })
  it('says when it is the fastest, and when run would send the message eagerly (host unpack whatever the strategy)', async () => {
    expect(await compare('--type', type('vector-64.json'))).toContain('runs specialized here: the fastest\n')
    expect(await compare('--type', type('milc-su3.json'), '--count', '64'))
      .toContain('runs rw-cp here: 6.05x the time of the fastest, host (under run this message goes eagerly, at most 8 KiB: host unpack whatever the strategy)\n')
  })
})

describe('γ and unpack --json', () => {
  it('rounds γ once, the same in compare and unpack (indexed ×1024: 45.955…)', async () => {
    const rows = cells(await compare('--type', type('indexed.json'), '--count', '1024'))
    const one = await unpack('--type', type('indexed.json'), '--count', '1024', '--strategy', 'host')
    expect(field(one, 'γ (blocks per packet)')).toBe('45.96')
    expect(rows.find((r) => r.strategy!.startsWith('host'))!['γ']).toBe('45.96')
  })

  it('keeps three significant digits of a γ below the decimals shown (blocks longer than a packet), not 0', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'spinmpi-gamma-'))
    const contiguous = join(dir, 'float64.json')
    writeFileSync(contiguous, '"float64"')
    // one block over 1,024 packets (2 MiB), and over 4,096 (8 MiB)
    const text = await unpack('--type', contiguous, '--count', '262144', '--strategy', 'host')
    expect(field(text, 'γ (blocks per packet)')).toBe('0.0009770')
    expect(JSON.parse(await unpack('--type', contiguous, '--count', '262144', '--strategy', 'host', '--json')).gamma).toBe(0.001)
    const big = JSON.parse(await compare('--type', contiguous, '--count', '1048576', '--json'))
    expect(big.rows.find((r: { strategy: string }) => r.strategy === 'host').gamma).toBe(0.000244)
  })

  it('includes Δr (null without checkpoints) and the model T_C the text shows', async () => {
    const args = ['--type', type('milc-su3.json'), '--count', '4096']
    const rw = JSON.parse(await unpack(...args, '--strategy', 'rw-cp', '--json'))
    expect(rw.deltaRBytes).toBe(12288)
    expect(rw.modelNs).toBeCloseTo(64418.136, 3)
    const text = await unpack(...args, '--strategy', 'rw-cp')
    expect(field(text, 'checkpoint interval Δr')).toBe('12 KiB')
    expect(field(text, 'model T_C')).toBe('64.42 µs')
    const host = JSON.parse(await unpack(...args, '--strategy', 'host', '--json'))
    expect(host.deltaRBytes).toBeNull()
    expect(host.modelNs).toBeGreaterThan(0)
  })
})

describe("specialized's refusal in compare", () => {
  const note = async (file: string, count: string) =>
    JSON.parse(await compare('--type', type(file), '--count', count, '--json')).rows.find((r: { strategy: string }) => r.strategy === 'specialized')
  it('says a count above 1 nests the type in a contiguous, and that count 1 fits', async () => {
    expect((await note('index-block.json', '16')).note)
      .toBe('no specialized handler for contiguous(16, indexedBlock): specialized serves a single vector, index-block or indexed layout (count 1 fits)')
    expect((await note('index-block.json', '1')).verified).toBe(true)
  })
  it('says when the type alone is nested', async () => {
    expect((await note('nested-vector.json', '1')).note).toBe('no specialized handler for hvector (nested): specialized serves a single vector, index-block or indexed layout')
    expect((await note('nested-vector.json', '2')).note).toBe('no specialized handler for contiguous(2, hvector) (nested): specialized serves a single vector, index-block or indexed layout')
  })
})

describe("specialized's refusal in unpack", () => {
  // the same words as compare's note, on one line naming --strategy, with what to use instead
  it('says a count above 1 nests the type in a contiguous, and that count 1 fits', async () => {
    await expect(unpack('--type', type('index-block.json'), '--count', '16', '--strategy', 'specialized')).rejects.toThrow(
      '--strategy: no specialized handler for contiguous(16, indexedBlock): specialized serves a single vector, index-block or indexed layout (count 1 fits); use rw-cp or auto')
    expect(JSON.parse(await unpack('--type', type('index-block.json'), '--strategy', 'specialized', '--json')).verified).toBe(true)
  })
  it('says when the type alone is nested', async () => {
    await expect(unpack('--type', type('nested-vector.json'), '--strategy', 'specialized')).rejects.toThrow(
      '--strategy: no specialized handler for hvector (nested): specialized serves a single vector, index-block or indexed layout; use rw-cp or auto')
  })
})

describe('a message past the data-mode limit', () => {
  // the library's "timing mode allows larger" names an option these commands do not have
  const words = '--count: 1000 spans 2097088000 B of buffer, more than the 268435456 B (256 MiB) data mode holds per side ' +
    '(unpack and compare verify the bytes, so they run in data mode: use a smaller --count or type)'
  it('unpack and compare say what to do on the command line', async () => {
    await expect(unpack('--type', type('vector-64.json'), '--count', '1000', '--strategy', 'host')).rejects.toThrow(words)
    await expect(compare('--type', type('vector-64.json'), '--count', '1000')).rejects.toThrow(words)
  })
})

describe('unpack names the machine it ran on', () => {
  // as compare's header does, so runs on several profiles stay told apart
  const profile = join(ROOT, 'examples/profiles/sc19-8hpus.json')
  it('in the text and the JSON: the profile (+set when --set changed it) and the HPUs', async () => {
    const text = await unpack('--type', type('vector-64.json'), '--strategy', 'host', '--profile', profile)
    expect(field(text, 'machine')).toBe('sc19-8hpus, 8 HPUs')
    const json = JSON.parse(await unpack('--type', type('vector-64.json'), '--strategy', 'host', '--set', 'nic.hpus=4', '--json'))
    expect([json.profile, json.hpus]).toEqual(['sc19+set', 4])
    expect(JSON.parse(await unpack('--type', type('vector-64.json'), '--strategy', 'host', '--hpus', '2', '--json')).hpus).toBe(2)
  })
})

describe('--type-index: which type of an array file', () => {
  it('picks the type at that index (0, the first, by default), in unpack and compare', async () => {
    const file = type('particles.json')
    const first = JSON.parse(await unpack('--type', file, '--strategy', 'rw-cp', '--count', '16', '--json'))
    expect(JSON.parse(await unpack('--type', file, '--type-index', '0', '--strategy', 'rw-cp', '--count', '16', '--json'))).toEqual(first)
    // particles.json's second type: indexedBlock of 3 blocks of 2 float32 (24 B), 16 of them
    const second = JSON.parse(await unpack('--type', file, '--type-index', '1', '--strategy', 'rw-cp', '--count', '16', '--json'))
    expect(first.bytes).toBe(480)
    expect(second).toMatchObject({ bytes: 384, gamma: 48, dmaWrites: 49, verified: true })
    const rows = JSON.parse(await compare('--type', file, '--type-index', '1', '--count', '16', '--json')).rows as { strategy: string; gamma: number }[]
    expect(rows.find((r) => r.strategy === 'rw-cp')!.gamma).toBe(48)
  })

  it('names an index past the file, or not an integer, in one line', async () => {
    await expect(unpack('--type', type('particles.json'), '--type-index', '5', '--strategy', 'host'))
      .rejects.toThrow(`--type-index: ${type('particles.json')} holds 3 types: expected 0 to 2, got 5`)
    await expect(compare('--type', type('vector-64.json'), '--type-index', '1'))
      .rejects.toThrow(`--type-index: ${type('vector-64.json')} holds 1 type: expected 0, got 1`)
    await expect(unpack('--type', type('vector-64.json'), '--type-index', '-1', '--strategy', 'host')).rejects.toThrow('--type-index: expected a non-negative integer')
  })
})
