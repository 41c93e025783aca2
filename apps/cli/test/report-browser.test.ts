// The report as a reader sees it: rendered in headless Chromium (Debian's `chromium`, installed by
// .ci/run), every figure's SVG must load and have a size, the page must log no console error and
// request nothing but its own files. The report is built from two quick figure runs and hand-written
// rows for the figures with their own chart types (stacked, grouped, histogram, dual axis).
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { chromium } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { findFigure, renderFigure, type FigureResult } from '@spinmpi/micro'
import { renderReport, type ReportEntry } from '../src/report.js'

const CHROMIUM = '/usr/bin/chromium'

const gammas = [1, 2, 4, 8, 16]
const offloads = ['specialized', 'rw-cp', 'ro-cp', 'hpu-local']
const SYNTHETIC: Record<string, { readonly rows: readonly object[]; readonly [extra: string]: unknown }> = {
  fig12: { rows: gammas.flatMap((gamma) => offloads.map((strategy, i) => ({ strategy, gamma, initNs: 60, setupNs: 10 * i * gamma, blockNs: 30 * gamma }))) },
  fig14: { rows: gammas.flatMap((gamma) => offloads.map((strategy, i) => ({ strategy, gamma, dmaQueueMax: 3 * gamma + i, dmaWrites: 2048 * gamma + 1 }))) },
  fig16: { rows: ['rw-cp', 'specialized', 'iovec'].flatMap((strategy, i) => [
    { app: 'MILC', input: '(8,8,8,8)', gamma: 3.3, bytes: 12288, hostNs: 5630, strategy, ns: 1100 + 100 * i, speedup: 5630 / (1100 + 100 * i), nicBytes: 40, specfemOc: false },
    { app: 'SPECFEM3D', input: 'oc 493', gamma: 493, bytes: 1972, hostNs: 1300, strategy, ns: 20000, speedup: 0.065, nicBytes: 3900, specfemOc: true },
  ]) },
  fig17: { rows: [[4000, 1000], [30000, 8000], [9000, 3000]].flatMap(([h, r], i) => [
    { app: 'A', input: `${i}`, strategy: 'host', memBytes: h, bytes: r }, { app: 'A', input: `${i}`, strategy: 'rw-cp', memBytes: r, bytes: r },
  ]), geomeanHostBytes: 10260, geomeanRwCpBytes: 2884 },
  fig18: { rows: [0.02, 1.5, null, 6].map((reuses, i) => ({ app: i < 2 ? 'MILC' : 'COMB', input: `in ${i}`, reuses, gamma: 2 ** i, creationNs: 100, savingNs: 10 })) },
  fig19: { rows: [64, 128, 256].flatMap((ranks, i) => [
    { ranks, strategy: 'host', runtimeNs: 2e8 / (i + 1), speedupPct: 0 }, { ranks, strategy: 'rw-cp', runtimeNs: 1.6e8 / (i + 1), speedupPct: 25 - 5 * i },
  ]) },
}

async function buildReport(dir: string): Promise<string[]> {
  const entries: ReportEntry[] = []
  const results: [string, FigureResult][] = Object.entries(SYNTHETIC).map(([name, r]) => [name, { name, profile: 'sc19', ...r } as FigureResult])
  for (const name of ['fig15', 'put-latency']) results.push([name, await findFigure(name)!.run({ quick: true })])
  for (const [name, result] of results) {
    const figure = findFigure(name)!
    const svg = await renderFigure(figure, result)
    writeFileSync(join(dir, `${name}.svg`), svg!)
    writeFileSync(join(dir, `${name}.json`), JSON.stringify(result))
    entries.push({ name, title: figure.title, result, svgFile: `${name}.svg`, checks: figure.check?.(result) ?? [], wallSeconds: 0 })
  }
  writeFileSync(join(dir, 'index.html'), renderReport(entries, { profile: 'sc19', quick: true }))
  return results.map(([name]) => name)
}

describe('the report in a browser', () => {
  it('shows every figure, with no console error and no request outside its own files', async () => {
    expect(existsSync(CHROMIUM), `${CHROMIUM} missing: apt-get install -y chromium (.ci/run does)`).toBe(true)
    const dir = mkdtempSync(join(tmpdir(), 'spinmpi-report-'))
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] })
    try {
      const names = await buildReport(dir)
      const page = await browser.newPage()
      const errors: string[] = []
      const requests: string[] = []
      page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()) })
      page.on('pageerror', (e) => errors.push(e.message))
      page.on('request', (r) => requests.push(r.url()))
      const base = pathToFileURL(dir).href
      await page.goto(`${base}/index.html`, { waitUntil: 'load' })
      const images = await page.$$eval('img', (imgs) => imgs.map((i) => ({ src: i.getAttribute('src'), ok: i.complete && i.naturalWidth > 100 && i.naturalHeight > 100 })))
      expect(images.map((i) => i.src)).toEqual(names.map((n) => `${n}.svg`))
      for (const img of images) expect(img.ok, `${img.src} did not render`).toBe(true)
      expect(await page.$$eval('table.claims tr', (rows) => rows.length)).toBeGreaterThan(1)
      expect(errors).toEqual([])
      for (const url of requests) expect(url.startsWith(`${base}/`), url).toBe(true)
    } finally {
      await browser.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
