// Blocks marked `<!-- norun: an excerpt of PATH -->` (docs/extending.md's records and registry
// lines) do not run, so nothing else would notice when the file they quote changes: each of
// their lines must still be in that file, in the same order (elisions `// ...` aside).
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { docBlocks, docFiles, missingExcerptLine, repoRoot } from './doc-blocks.js'

const excerpts = docFiles().flatMap(docBlocks).filter((b) => b.excerptOf !== undefined)

describe('excerpts of source files in README.md and docs/*.md', () => {
  it('finds the excerpts of docs/extending.md', () => {
    expect(excerpts.filter((b) => b.where.startsWith('docs/extending.md')).length).toBeGreaterThanOrEqual(6)
  })

  it.each(excerpts.map((b) => [b.where, b] as const))('%s quotes its file as it is', (_where, block) => {
    const source = readFileSync(`${repoRoot}/${block.excerptOf!}`, 'utf8')
    expect(missingExcerptLine(block.code, source)).toBeUndefined()
  })

  it('tells a changed line from an elision', () => {
    const source = 'const a = 1\nconst b = 2\nconst c = 3\n'
    expect(missingExcerptLine('const a = 1\n// ... b\nconst c = 3', source)).toBeUndefined()
    expect(missingExcerptLine('const c = 3\nconst a = 1', source)).toBe('const a = 1')
    expect(missingExcerptLine('const b = 4', source)).toBe('const b = 4')
  })
})
