import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { registerRun } from '../src/commands/run.js'
import { programHelp } from '../src/launch/run-program.js'
import { runCommand } from './run-command.js'

// `spinmpi run APP --help` for each built-in app: every option the usage line names has one line
// with a description and its default, in aligned columns, and --profile takes a name or a file.
const help = (app: string) => runCommand(registerRun, ['run', app, '--help'])

describe.each(['fft2d', 'milc', 'ddtbench'])('spinmpi run %s --help', (app) => {
  it('describes every option of the usage line, with its default', async () => {
    const text = await help(app)
    const usage = text.split('\n')[0]!
    expect(usage).toMatch(new RegExp(`^Usage: spinmpi run ${app} `))
    const lines = text.split('\n').slice(text.split('\n').indexOf('Options:') + 1).filter((l) => l !== '')
    const options = [...usage.matchAll(/--[a-z-]+(?: [A-Za-z|.=-]+)?/g)].map((m) => m[0])
    expect(lines.map((l) => l.trim().split(/ {2,}/)[0])).toEqual([...new Set(options)])
    for (const line of lines) expect(line, line).toMatch(/^ {2}--\S+(?: \S+)? +\S.*\((?:default\b.*|required|repeatable)\)$/)
  })

  it('aligns the descriptions in one column', async () => {
    const lines = (await help(app)).split('\n').filter((l) => l.startsWith('  --'))
    // where the description starts: after the option, its argument and the padding
    const starts = new Set(lines.map((l) => /^ {2}\S+(?: \S+)? {2,}/.exec(l)![0].length))
    expect(starts.size).toBe(1)
  })

  it('takes --profile NAME|FILE, in the usage line and in the options', async () => {
    const text = await help(app)
    expect(text.split('\n')[0]).toContain('[--profile NAME|FILE]')
    expect(text).toMatch(/^ {2}--profile NAME\|FILE +machine profile: a name \(spinmpi profiles\) or a JSON profile file/m)
    expect(text).not.toMatch(/--profile (NAME|P)\b(?!\|)/)
  })
})

describe('spinmpi run --help', () => {
  it("gives each app's usage line as that app's own --help does", async () => {
    const overview = await runCommand(registerRun, ['run', '--help'])
    for (const app of ['fft2d', 'milc', 'ddtbench']) {
      const usage = (await help(app)).split('\n')[0]!.replace(/^Usage: /, '')
      expect(overview.split('\n')).toContain(`  ${usage}`)
    }
  })
})

describe('spinmpi run FILE --help', () => {
  it('describes --timing in the words of README.md', () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8')
    expect(readme).toContain('`--timing` (no payload bytes: buffers are not filled)')
    expect(programHelp()).toMatch(/^ {2}--timing +timing mode: no payload bytes move \(buffers are not filled\)/m)
  })
})
