// The code blocks of README.md and docs/*.md, read the way the docs promise: every ```sh and
// ```ts block runs unless the line before it is an HTML comment starting `<!-- norun` (a
// fragment or a command too slow for the suite, with the reason); a ```text output block right
// after a runnable block is what it must print.
import { readFileSync, readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export const repoRoot = fileURLToPath(new URL('..', import.meta.url))

export interface DocBlock {
  /** e.g. "README.md:134" (the fence's line). */
  readonly where: string
  readonly lang: string
  readonly code: string
  readonly runnable: boolean
  /** The ```text output block right after it, if any. */
  readonly output?: string
  /** The source file a block marked `<!-- norun: an excerpt of PATH -->` quotes (repository path). */
  readonly excerptOf?: string
}

export function docFiles(): string[] {
  const docs = readdirSync(`${repoRoot}/docs`).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`)
  return ['README.md', ...docs]
}

export function docBlocks(file: string): DocBlock[] {
  const lines = readFileSync(`${repoRoot}/${file}`, 'utf8').split('\n')
  const raw: { line: number; info: string; code: string; before: string }[] = []
  for (let i = 0; i < lines.length; i++) {
    // a fence may be indented (a block inside a list item); its body loses that indentation
    const open = /^(\s*)```(.*)$/.exec(lines[i]!)
    if (open === null) continue
    const indent = open[1]!.length
    const start = i
    const body: string[] = []
    for (i++; i < lines.length && lines[i]!.trim() !== '```'; i++) body.push(lines[i]!.slice(indent))
    let b = start - 1
    while (b >= 0 && lines[b]!.trim() === '') b--
    raw.push({ line: start + 1, info: open[2]!.trim(), code: body.join('\n'), before: b >= 0 ? lines[b]!.trim() : '' })
  }
  const blocks: DocBlock[] = []
  raw.forEach((r, k) => {
    const lang = r.info.split(/\s+/)[0] ?? ''
    if (r.info === 'text output') return
    const next = raw[k + 1]
    const runnable = (lang === 'sh' || lang === 'ts') && !r.before.startsWith('<!-- norun')
    const excerpt = /^<!-- norun: an excerpt of (\S+) -->$/.exec(r.before)
    blocks.push({
      where: `${file}:${r.line}`, lang, code: r.code, runnable,
      ...(next?.info === 'text output' ? { output: next.code } : {}),
      ...(excerpt === null ? {} : { excerptOf: excerpt[1]! }),
    })
  })
  return blocks
}

/** The commands of a sh block: one per line (`\` continues it), comments dropped. */
export function shellCommands(code: string): string[] {
  return code.replace(/\\\n\s*/g, ' ').split('\n')
    .map((l) => l.replace(/(^|\s+)#\s.*$/, '').trim())
    .filter((l) => l !== '')
}

/**
 * The lines of an excerpt that the quoted file must hold, in this order (each trimmed): every
 * line but blank ones and elisions (`// ...`, a comment saying what was left out).
 */
export function excerptLines(code: string): string[] {
  return code.split('\n').map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('// ...'))
}

/** The first excerpt line not found in `source` after the previous one, or undefined when all are. */
export function missingExcerptLine(code: string, source: string): string | undefined {
  const lines = source.split('\n').map((l) => l.trim())
  let at = 0
  for (const want of excerptLines(code)) {
    const found = lines.indexOf(want, at)
    if (found < 0) return want
    at = found + 1
  }
  return undefined
}
