import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const src = (pkg: string) => fileURLToPath(new URL(`./packages/${pkg}/src/index.ts`, import.meta.url))
const app = (name: string) => fileURLToPath(new URL(`./apps/${name}/src/index.ts`, import.meta.url))

// Tests run against the TypeScript sources; `npm test` type-checks them first.
export default defineConfig({
  resolve: {
    alias: {
      '@spinmpi/ddt': src('ddt'),
      '@spinmpi/nic': src('nic'),
      '@spinmpi/runtime': src('runtime'),
      '@spinmpi/goal': src('goal'),
      '@spinmpi/micro': app('micro'),
      '@spinmpi/ddtbench': app('ddtbench'),
      '@spinmpi/fft2d': app('fft2d'),
      '@spinmpi/milc': app('milc'),
    },
  },
  test: {
    include: ['packages/*/test/**/*.test.ts', 'apps/*/test/**/*.test.ts', 'test/**/*.test.ts'],
    pool: 'threads',
    testTimeout: 60_000,
  },
})
