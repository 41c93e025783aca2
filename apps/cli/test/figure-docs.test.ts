// The report's links into docs/figures.md: every anchor is a heading there, and the link from
// the repository's results/ folder is relative.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { figures } from '@spinmpi/micro'
import { CLAIMS_ANCHOR, FIGURE_ANCHORS, figureAnchor, figuresDocHref } from '../src/figure-docs.js'
import { renderReport } from '../src/report.js'

const root = fileURLToPath(new URL('../../..', import.meta.url))
// GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens
const slug = (h: string) => h.toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-')
const anchors = new Set(readFileSync(`${root}docs/figures.md`, 'utf8').split('\n')
  .filter((l) => l.startsWith('#')).map((l) => slug(l.replace(/^#+\s*/, ''))))

describe('links into docs/figures.md', () => {
  it('name headings that exist, for figures that exist', () => {
    for (const a of [CLAIMS_ANCHOR, ...Object.values(FIGURE_ANCHORS)]) expect(anchors, a).toContain(a)
    const names = new Set(figures.map((f) => f.name))
    for (const name of Object.keys(FIGURE_ANCHORS)) expect(names, name).toContain(name)
    expect(figureAnchor('fig12')).toBe(CLAIMS_ANCHOR)
  })

  it('work from the results/ folder, and each figure of the report links its section', () => {
    const href = figuresDocHref(`${root}results`)
    expect(href).toBe('../docs/figures.md')
    const html = renderReport([{ name: 'fig17', title: 't', wallSeconds: 1, result: { name: 'fig17', profile: 'sc19', rows: [] }, checks: [] }],
      { profile: 'sc19', quick: false, docs: href })
    expect(html).toContain('<a href="../docs/figures.md#fig-17-main-memory-traffic">docs/figures.md</a>')
  })
})
