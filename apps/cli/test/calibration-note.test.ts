// A sweep on a profile other than sc19 says what its calibrated claims are there: constants
// fitted on sc19, so a claim whose constant the profile changes is a prediction of that machine;
// and a figure that keeps its own machines under --profile says so.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ClaimCheck } from '@spinmpi/micro'
import { registerBench } from '../src/commands/bench.js'
import { calibrationNote } from '../src/calibration-note.js'
import { renderReport } from '../src/report.js'
import { runCommand } from './run-command.js'

const claim = (basis: ClaimCheck['basis'], constants: string[]): ClaimCheck =>
  ({ claim: 'c', paper: 'p', basis, constants, pass: true, measured: 'm' })

describe('calibrationNote', () => {
  const checks = [claim('calibrated', ['costs.segmentStepCycles']), claim('predicted', [])]

  it('says nothing on sc19, or without calibrated claims', () => {
    expect(calibrationNote('sc19', checks)).toBeNull()
    expect(calibrationNote('pspin', [claim('predicted', [])])).toBeNull()
  })

  it('on a profile that keeps the constants: they check sc19\'s fit there', () => {
    expect(calibrationNote('pspin', checks)).toBe('calibrated claims name constants fitted on sc19 (docs/calibration.md), not on profile pspin: ' +
      "pspin keeps sc19's value of each, so they check sc19's fit on this machine")
  })

  it('on a profile unknown here (a merged sweep of a file): how to find out', () => {
    expect(calibrationNote('not-registered-here', checks)).toBe('calibrated claims name constants fitted on sc19 (docs/calibration.md), not on profile not-registered-here: ' +
      'where not-registered-here sets its own value of one (spinmpi profiles NAME|FILE), that claim is a prediction of not-registered-here, not a calibration target')
  })
})

describe('bench on a profile file that sets a calibrated constant', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'spinmpi-calib-'))
  const file = join(dir, 'mine.json')
  writeFileSync(file, JSON.stringify({ extends: 'sc19', name: 'calib-note-nic', costs: { segmentStepCycles: 45 } }))
  const text = await runCommand(registerBench, ['bench', 'fig12', '--quick', '--jobs', '1', '--profile', file])
  const expected = 'calibrated claims name constants fitted on sc19 (docs/calibration.md), not on profile calib-note-nic: ' +
    'calib-note-nic sets costs.segmentStepCycles = 45 (sc19: 30), so the claims naming it are predictions of calib-note-nic, ' +
    'not calibration targets (the tally still counts them as such)'

  it('prints the note after the tally', () => {
    const lines = text.trimEnd().split('\n')
    expect(lines.at(-2)).toBe('predictions passed 1 / 1; calibration targets met 1 / 2')
    expect(lines.at(-1)).toBe(expected)
  })

  it('the report carries it too; a sc19 report does not', () => {
    const entry = (profile: string) => ({ name: 'fig12', title: 't', result: { name: 'fig12', profile, rows: [] }, checks: [claim('calibrated', ['costs.segmentStepCycles'])], wallSeconds: 0 })
    expect(renderReport([entry('calib-note-nic')], { profile: 'calib-note-nic', quick: true })).toContain(`<p class="calibration"><b>${expected}</b>.</p>`)
    expect(renderReport([entry('sc19')], { profile: 'sc19', quick: true })).not.toContain('class="calibration"')
  })
})

describe('a figure that keeps its own machines under --profile', () => {
  it('says so beside its header (bcast: the SC17 NICs and Myrinet); nothing when it ran on the profile asked for', async () => {
    const text = await runCommand(registerBench, ['bench', 'bcast,put-latency', '--quick', '--jobs', '1', '--set', 'nic.hpus=3'])
    const lines = text.split('\n')
    // sc19+set, or sc19+set+custom when an earlier test file in this worker (isolate: false)
    // registered another --set of sc19: the registry keeps every name unique per process
    const asked = /\(profile (sc19\+set(?:\+custom\d*)?),/.exec(lines.find((l) => l.startsWith('put-latency: ')) ?? '')?.[1]
    expect(asked).toBeDefined()
    const at = lines.findIndex((l) => l.startsWith('bcast: '))
    expect(lines[at + 1]).toBe(`  not run on --profile ${asked}: this figure runs on its own machines (spin-sc17-integrated, spin-sc17-discrete, myrinet)`)
    expect(text.match(/not run on --profile/g)).toHaveLength(1)
  })
})

describe('a figure that sets a value on any profile (SC19\'s 16 HPUs for the microbenchmarks)', () => {
  it('says so under its header when --set asks for another; fig14 ran on 16 HPUs whatever nic.hpus=4 said', async () => {
    const text = await runCommand(registerBench, ['bench', 'fig14,put-latency', '--quick', '--jobs', '1', '--set', 'nic.hpus=4'])
    const lines = text.split('\n')
    const at = lines.findIndex((l) => l.startsWith('fig14: '))
    expect(lines[at + 1]).toBe("  set by this figure on any profile, whatever --profile or --set gives (the paper's setting): nic.hpus = 16")
    // put-latency takes the profile as asked: no such line
    expect(text.match(/set by this figure/g)).toHaveLength(1)
  })
})
