#!/usr/bin/env node
// The `spinmpi` command. This small file is committed (unlike dist/) so that `npm ci` can link
// the bin before anything is built; it runs the compiled CLI, or says how to build it.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const entry = new URL('../dist/main.js', import.meta.url)
if (!existsSync(entry)) {
  process.stderr.write('spinmpi: the command line is not built yet: run `npm run build` first\n')
  process.exit(1)
}

// Commands that simulate run in a Node with a larger young generation. A simulated message makes
// many short-lived objects (promises of the ranks' blocking calls, requests, NIC events); with
// thousands of ranks in flight many of them are still alive at each scavenge of V8's default
// 16 MiB semi-space and get copied, and the collector took a fifth to a third of the run. The flag
// can only be given at start-up, so these commands start Node again with it (unless the user set
// it): about 40 ms of CPU more per command (docs/performance.md).
const SEMI_SPACE = '--max-semi-space-size'
const SIMULATING = new Set(['run', 'bench'])
const userSet = process.execArgv.some((a) => a.startsWith(SEMI_SPACE)) || (process.env.NODE_OPTIONS ?? '').includes(SEMI_SPACE)
if (SIMULATING.has(process.argv[2] ?? '') && !userSet) {
  const args = [...process.execArgv, `${SEMI_SPACE}=64`, fileURLToPath(import.meta.url), ...process.argv.slice(2)]
  const child = spawnSync(process.execPath, args, { stdio: 'inherit' })
  if (child.error !== undefined) throw child.error
  if (child.signal !== null) process.kill(process.pid, child.signal)
  process.exit(child.status ?? 1)
}
await import(entry.href)
