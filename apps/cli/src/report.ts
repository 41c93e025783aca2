// The one-page HTML report of `spinmpi bench all`: each figure beside the paper's claim, with a
// pass or miss mark computed from the data.
import type { ClaimCheck, FigureResult } from '@spinmpi/micro'

export interface ReportEntry {
  readonly name: string
  readonly title: string
  readonly result: FigureResult
  readonly svgFile?: string
  readonly checks: readonly ClaimCheck[]
  readonly wallSeconds: number
}

export function renderReport(entries: readonly ReportEntry[], meta: { profile: string; quick: boolean }): string {
  const passed = entries.reduce((n, e) => n + e.checks.filter((c) => c.pass).length, 0)
  const total = entries.reduce((n, e) => n + e.checks.length, 0)
  const sections = entries.map((e) => {
    const checks = e.checks.length === 0
      ? '<p class="none">No claim is checked for this figure.</p>'
      : `<table><tr><th></th><th>paper claim</th><th>measured</th></tr>${e.checks
          .map((c) => `<tr class="${c.pass ? 'pass' : 'miss'}"><td>${c.pass ? '✔ pass' : '✘ miss'}</td><td>${esc(c.claim)}</td><td>${esc(c.measured)}</td></tr>`)
          .join('')}</table>`
    const img = e.svgFile ? `<img src="${esc(e.svgFile)}" alt="${esc(e.title)}">` : ''
    return `<section id="${esc(e.name)}"><h2>${esc(e.name)}: ${esc(e.title)}</h2>${img}${checks}
<p class="meta">${e.result.rows.length} rows, profile ${esc(e.result.profile)}, ${e.wallSeconds.toFixed(1)} s wall; data: <a href="${esc(e.name)}.json">${esc(e.name)}.json</a></p></section>`
  })
  return `<!doctype html><html><head><meta charset="utf-8"><title>spinmpi report</title><style>
body{font-family:system-ui,sans-serif;max-width:900px;margin:2em auto;color:#222}
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:4px 8px;text-align:left}
tr.pass td:first-child{color:#1a7f37;font-weight:600}tr.miss td:first-child{color:#cf222e;font-weight:600}
img{max-width:100%;border:1px solid #eee}.meta,.none{color:#666;font-size:90%}
</style></head><body><h1>spinmpi: the paper's figures, regenerated</h1>
<p>Profile ${esc(meta.profile)}${meta.quick ? ' (quick sweep: fewer points than the paper)' : ''}. Claims passed: <b>${passed} / ${total}</b>.</p>
<ul>${entries.map((e) => `<li><a href="#${esc(e.name)}">${esc(e.name)}</a>: ${esc(e.title)}</li>`).join('')}</ul>
${sections.join('\n')}</body></html>
`
}

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}
