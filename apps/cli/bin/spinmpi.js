#!/usr/bin/env node
// The `spinmpi` command. This small file is committed (unlike dist/) so that `npm ci` can link
// the bin before anything is built; it runs the compiled CLI, or says how to build it.
import { existsSync } from 'node:fs'

const entry = new URL('../dist/main.js', import.meta.url)
if (!existsSync(entry)) {
  process.stderr.write('spinmpi: the command line is not built yet: run `npm run build` first\n')
  process.exit(1)
}
await import(entry.href)
