import { describe, expect, it } from 'vitest'
import { workloads, type Workload } from '@spinmpi/ddtbench'
import { DDTBENCH_CLI_FLAGS, DdtbenchOptionsError, runDdtbenchCli } from '../src/ddtbench-cli.js'

const recvInput = (app: string, label: string): Workload => {
  const w = workloads().find((x) => x.app === app && x.input === label && x.side === 'recv')
  if (w === undefined) throw new Error(`no input ${app} ${label}`)
  return w
}

// Options arrive as the CLI's tokenizer leaves them (apps/cli/src/app-args.ts): camelCase keys,
// string values, true for a bare flag.
describe('spinmpi run ddtbench (runDdtbenchCli)', () => {
  it('reports each MILC input with the spec bytes, blocks and γ and every strategy time', async () => {
    const report = await runDdtbenchCli({ app: 'milc', json: true })
    expect(report.app).toBe('ddtbench')
    expect(report.strategy).toBe('all')
    expect(report.hpus).toBe(32)
    expect(report.verified).toBe(true)
    expect(report.inputs).toHaveLength(4)
    for (const i of report.inputs) {
      const w = recvInput('MILC', i.input)
      expect([i.bytes, i.blocks]).toEqual([w.expected.bytes, w.expected.blocks])
      expect(i.gamma.toFixed(w.expected.gammaDigits)).toBe(w.expected.gamma.toFixed(w.expected.gammaDigits))
      expect(i.iovecNs).not.toBeNull()
      expect(i.specializedNs).not.toBeNull()
      expect(i.rwCpNs).not.toBeNull()
      expect(i.strategy).toBe('specialized')
      expect(i.ns).toBe(i.specializedNs)
    }
    expect(report.runtimeNs).toBe(Math.round(report.inputs.reduce((t, i) => t + i.ns, 0) * 1000) / 1000)
  })

  it('--strategy specialized on a general type counts the host unpack it falls back to', async () => {
    const report = await runDdtbenchCli({ app: 'COMB', strategy: 'specialized' })
    const x = report.inputs.find((i) => i.input.startsWith('x-face'))!
    const y = report.inputs.find((i) => i.input.startsWith('y-face'))!
    expect([x.strategy, x.ns, x.specializedNs]).toEqual(['host', x.hostNs, null])
    expect([y.strategy, y.ns]).toEqual(['specialized', y.specializedNs])
    expect(x.verified).toBeNull() // 8 MB of regions: timing mode
  })

  it('declares --json as its only bare flag', () => {
    expect(DDTBENCH_CLI_FLAGS).toEqual(['json'])
  })

  it('names the bad option in one line', async () => {
    await expect(runDdtbenchCli({ app: 'nope' })).rejects.toThrow(
      /^--app: expected one of WRF, MILC, NAS_LU, NAS_MG, FFT2D, SPECFEM3D, LAMMPS, COMB, SW4LITE$/)
    await expect(runDdtbenchCli({ strategy: 'fast' })).rejects.toThrow(/^--strategy: expected one of all, host, iovec, specialized, rw-cp, auto$/)
    await expect(runDdtbenchCli({ seed: 'x' })).rejects.toThrow(/^--seed: expected an integer$/)
    await expect(runDdtbenchCli({ json: 'yes' })).rejects.toThrow(/^--json: expected a flag$/)
    await expect(runDdtbenchCli({ frobnicate: '1' })).rejects.toThrow(DdtbenchOptionsError)
    await expect(runDdtbenchCli({ frobnicateHard: '1' })).rejects.toThrow(/^unknown option --frobnicate-hard \(usage: spinmpi run ddtbench /)
    await expect(runDdtbenchCli({ profile: 'nope' })).rejects.toThrow(/^--profile: unknown profile "nope"/)
  })
})
