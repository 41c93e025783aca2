import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const file = (path: string) => fileURLToPath(new URL(path, import.meta.url))
const libs = ['ddt', 'nic', 'runtime', 'goal']
const apps = ['micro', 'ddtbench', 'fft2d', 'milc']

// Tests run against the TypeScript sources; `npm test` type-checks them first. Exact-match
// aliases, so that `@spinmpi/x/internal` is not taken for `@spinmpi/x` plus a path.
export default defineConfig({
  resolve: {
    alias: [
      ...libs.flatMap((pkg) => [
        { find: new RegExp(`^@spinmpi/${pkg}$`), replacement: file(`./packages/${pkg}/src/index.ts`) },
        { find: new RegExp(`^@spinmpi/${pkg}/internal$`), replacement: file(`./packages/${pkg}/src/internal.ts`) },
      ]),
      { find: /^@spinmpi\/runtime\/harness$/, replacement: file('./packages/runtime/src/harness.ts') },
      ...apps.map((name) => ({ find: new RegExp(`^@spinmpi/${name}$`), replacement: file(`./apps/${name}/src/index.ts`) })),
    ],
  },
  test: {
    include: ['packages/*/test/**/*.test.ts', 'apps/*/test/**/*.test.ts', 'test/**/*.test.ts'],
    pool: 'threads',
    // Test files share their worker's module cache instead of re-importing every package's source
    // per file: on 2 cores (one worker) the imports were a third of the suite's CPU time. Safe
    // because the packages keep no cross-test state beyond caches of pure results (WeakMaps keyed
    // by datatype) and the profile registry, whose test uses names of its own.
    isolate: false,
    // A guard against hangs, not a speed check: the property suites and the doc/package tests run
    // side by side on 2 cores, and a loaded machine stretched one past 60 s.
    testTimeout: 180_000,
  },
})
