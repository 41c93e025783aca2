// `bench … --shard i/N` + `bench merge`: the shards of a sweep merge to the JSON of one run,
// byte for byte (stdout and the per-figure files), and incomplete or mixed sets are refused.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { registerBench } from '../src/commands/bench.js'
import { runCommand } from './run-command.js'

const SWEEP = 'fig12,pingpong,fig14'
const FIGURES = SWEEP.split(',')

describe('bench --shard and bench merge', () => {
  it('two shards merged equal the unsharded run byte for byte', async () => {
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
    const root = mkdtempSync(join(tmpdir(), 'spinmpi-shard-'))
    const single = join(root, 'single')
    const whole = await runCommand(registerBench, ['bench', SWEEP, '--quick', '--jobs', '1', '--json', '--out', single])
    await runCommand(registerBench, ['bench', SWEEP, '--quick', '--jobs', '1', '--json', '--shard', '0/2', '--out', join(root, 's0')])
    await runCommand(registerBench, ['bench', SWEEP, '--quick', '--jobs', '1', '--json', '--shard', '1/2', '--out', join(root, 's1')])
    // shard 0 ran figures 0 and 2, shard 1 figure 1
    expect(JSON.parse(readFileSync(join(root, 's0', 'shard-0-of-2.json'), 'utf8')).figures.map((f: { name: string }) => f.name)).toEqual(['fig12', 'fig14'])
    const merged = join(root, 'merged')
    const out = await runCommand(registerBench, ['bench', 'merge', join(root, 's1'), join(root, 's0'), '--json', '--out', merged])
    expect(out).toBe(whole)
    for (const f of FIGURES) expect(readFileSync(join(merged, `${f}.json`), 'utf8')).toBe(readFileSync(join(single, `${f}.json`), 'utf8'))
    vi.restoreAllMocks()
  }, 300_000)

  it('refuses a missing shard, a shard given twice and --shard without --out', async () => {
    const root = mkdtempSync(join(tmpdir(), 'spinmpi-shard-'))
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
    await runCommand(registerBench, ['bench', 'pingpong,fig12', '--quick', '--jobs', '1', '--json', '--shard', '1/2', '--out', join(root, 's1')])
    await expect(runCommand(registerBench, ['bench', 'merge', join(root, 's1')])).rejects.toThrow('bench merge: missing shard(s) 0/2')
    await expect(runCommand(registerBench, ['bench', 'merge', join(root, 's1'), join(root, 's1')])).rejects.toThrow('appears twice')
    await expect(runCommand(registerBench, ['bench', 'pingpong', '--shard', '0/2'])).rejects.toThrow('--shard: needs --out <dir>')
    await expect(runCommand(registerBench, ['bench', 'pingpong', '--shard', '2/2', '--out', root])).rejects.toThrow('--shard: i must be in 0 .. N-1')
    vi.restoreAllMocks()
  }, 300_000)

  it('merge refuses options the shards fixed, and a figure file that is not that figure', async () => {
    const root = mkdtempSync(join(tmpdir(), 'spinmpi-shard-'))
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
    const [s0, s1] = [join(root, 's0'), join(root, 's1')]
    await runCommand(registerBench, ['bench', 'pingpong,fig12', '--quick', '--jobs', '1', '--json', '--shard', '0/2', '--out', s0])
    await runCommand(registerBench, ['bench', 'pingpong,fig12', '--quick', '--jobs', '1', '--json', '--shard', '1/2', '--out', s1])
    for (const [option, value] of [['--profile', 'nope'], ['--set', 'nic.hpus=8'], ['--jobs', '2']] as const) {
      await expect(runCommand(registerBench, ['bench', 'merge', s0, s1, option, value])).rejects.toThrow(`${option}: not an option of bench merge (the shards fixed the sweep)`)
    }
    await expect(runCommand(registerBench, ['bench', 'merge', s0, s1, '--quick'])).rejects.toThrow('--quick: not an option of bench merge')
    const bad = join(root, 'bad')
    cpSync(s1, bad, { recursive: true })
    writeFileSync(join(bad, 'fig12.json'), '{"name":"fig12","profile":"sc19","rows":7}')
    await expect(runCommand(registerBench, ['bench', 'merge', s0, bad])).rejects.toThrow(
      `bench merge: ${join(bad, 'fig12.json')}: not the JSON of fig12 (rows: Invalid input: expected array, received number)`)
    writeFileSync(join(bad, 'fig12.json'), readFileSync(join(s0, 'pingpong.json')))
    await expect(runCommand(registerBench, ['bench', 'merge', s0, bad])).rejects.toThrow('not the JSON of fig12 ("name" is "pingpong", not "fig12")')
    vi.restoreAllMocks()
  }, 300_000)
})
