// `npm run schemas`: writes the generated JSON Schemas into schemas/ at the repository root.

import { mkdirSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { jsonSchemaFiles } from './json-schemas.js'

const dir = fileURLToPath(new URL('../../../schemas/', import.meta.url))
mkdirSync(dir, { recursive: true })
for (const [name, content] of Object.entries(jsonSchemaFiles())) {
  writeFileSync(`${dir}${name}`, content)
  process.stderr.write(`wrote ${dir}${name}\n`)
}
