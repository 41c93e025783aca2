// The one-page HTML report of `spinmpi bench all`: a table of every claim first (basis, what the
// paper says, what spinmpi measured, pass or miss, linked to its figure), then each figure with
// its chart and its claims. Predictions, predictions after a miss and calibration targets are
// counted apart.
import { claimStatus, formatTally, tallyClaims, TOLERANCE, UNDECIDED_TEXT, type ClaimCheck, type FigureResult } from '@spinmpi/micro'
import { CLAIMS_ANCHOR, figureAnchor } from './figure-docs.js'
import { calibrationNotes } from './calibration-note.js'
import { overridesText } from './figure-overrides.js'

export interface ReportEntry {
  readonly name: string
  readonly title: string
  readonly result: FigureResult
  readonly svgFile?: string
  readonly checks: readonly ClaimCheck[]
  readonly wallSeconds: number
}

function basisCell(c: ClaimCheck): string {
  if (c.basis === 'calibrated') return `calibrated (${c.constants.map((k) => `<code>${esc(k)}</code>`).join(', ')})`
  if (c.basis === 'predicted-after-miss') return `predicted after a miss (${esc(c.afterMiss ?? '')})`
  return 'predicted'
}

function statusCell(c: ClaimCheck, doc: string): string {
  const s = claimStatus(c)
  if (s === 'pass') return '<td class="status pass">✔ pass</td>'
  if (s === 'miss') return `<td class="status miss">✘ miss (<a href="${esc(`${doc}#${CLAIMS_ANCHOR}`)}">cause</a>)</td>`
  return '<td class="status full">undecided</td>'
}

/** An undecided claim shows no measured value: the quick sweep's partial one would read as a miss. */
function claimRow(c: ClaimCheck, doc: string, figure?: { name: string; machine: string }): string {
  const link = figure === undefined ? '' : `<td><a href="#${esc(figure.name)}">${esc(figure.name)}</a><div class="meta">${esc(figure.machine)}</div></td>`
  const cause = c.cause === undefined || c.pass !== false ? '' : `<div class="cause">cause with the figure's default profile: ${esc(c.cause)}</div>`
  const measured = claimStatus(c) === 'undecided' ? `<i>${esc(UNDECIDED_TEXT)}</i>` : esc(c.measured) + cause
  return `<tr>${link}<td>${esc(c.claim)}</td><td>${basisCell(c)}</td><td>${esc(c.paper)}</td><td>${measured}</td>${statusCell(c, doc)}</tr>`
}

/** The machine a figure ran on: its profile, and what the figure set on it whatever the profile. */
function machineText(result: ReportEntry['result']): string {
  const set = overridesText(result)
  return set === null ? `profile ${result.profile}` : `profile ${result.profile}; ${set} (set by the figure)`
}

/**
 * meta.profile: the --profile (or --set) the sweep ran on; undefined: each figure's own default.
 * meta.docs: docs/figures.md as the report links it (relative to the report's folder).
 */
export function renderReport(entries: readonly ReportEntry[], meta: { profile: string | undefined; quick: boolean; docs?: string }): string {
  const doc = meta.docs ?? '../docs/figures.md'
  const all = entries.flatMap((e) => e.checks.map((c) => ({ figure: { name: e.name, machine: machineText(e.result) }, c })))
  const tally = formatTally(tallyClaims(all.map((x) => x.c)))
  const head = '<tr><th>claim</th><th>basis</th><th>paper</th><th>measured</th><th></th></tr>'
  const summary = `<table class="claims"><tr><th>figure</th>${head.slice(4)}${all.map((x) => claimRow(x.c, doc, x.figure)).join('')}</table>`
  const sections = entries.map((e) => {
    const checks = e.checks.length === 0
      ? '<p class="none">No claim is checked for this figure.</p>'
      : `<table>${head}${e.checks.map((c) => claimRow(c, doc)).join('')}</table>`
    const img = e.svgFile ? `<img src="${esc(e.svgFile)}" alt="${esc(e.title)}">` : ''
    return `<section id="${esc(e.name)}"><h2>${esc(e.name)}: ${esc(e.title)}</h2>${img}${checks}
<p class="meta">${e.result.rows.length} rows, ${esc(machineText(e.result))}, ${e.wallSeconds.toFixed(1)} s wall; data: <a href="${esc(e.name)}.json">${esc(e.name)}.json</a>;
claims and the cause of each miss: <a href="${esc(`${doc}#${figureAnchor(e.name)}`)}">docs/figures.md</a></p></section>`
  })
  return `<!doctype html><html><head><meta charset="utf-8"><title>spinmpi report</title><style>
body{font-family:system-ui,sans-serif;max-width:1100px;margin:2em auto;color:#222}
table{border-collapse:collapse;margin:.5em 0;font-size:90%}td,th{border:1px solid #ccc;padding:4px 8px;text-align:left;vertical-align:top}
td.pass{color:#1a7f37;font-weight:600}td.miss{color:#cf222e;font-weight:600}td.full{color:#666}
img{max-width:100%;border:1px solid #eee}.meta,.none,.cause{color:#666;font-size:90%}
</style></head><body><h1>spinmpi: the papers' figures, regenerated</h1>
<p>${meta.profile === undefined ? 'Each figure ran on its own default profile (sc19 unless the figure is about another machine), named under the figure\'s name below' : `Profile ${esc(meta.profile)}`}${meta.quick ? ` (quick sweep: fewer points than the paper; claims it cannot decide are marked "${esc(UNDECIDED_TEXT)}" and not counted)` : ''}.
<b>${esc(tally)}</b>.</p>
${calibrationNotes(entries).map((n) => `<p class="calibration"><b>${esc(n)}</b>.</p>`).join('\n')}
<p class="meta">A <i>prediction</i> is a claim no profile constant was set from; a <i>prediction after a miss</i> is one that missed before the mechanism named beside it was added, knowing the paper's number, so its pass is weaker; a <i>calibration target</i> is a claim the named constants were set from (docs/calibration.md), so meeting it shows the calibration holds. Each claim, and the cause of each miss: <a href="${esc(`${doc}#${CLAIMS_ANCHOR}`)}">docs/figures.md</a>. Where the paper gives a number, a value within ±${TOLERANCE * 100}% of it matches (one tolerance for every claim).</p>
${summary}
${sections.join('\n')}</body></html>
`
}

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}
