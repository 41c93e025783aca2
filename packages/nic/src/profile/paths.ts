// Dotted paths over a profile's numeric leaves ("nic.hpus"), used for sources and overrides.

import type { Profile } from './schema.js'

type Tree = { readonly [key: string]: unknown }

/** Every leaf path of a profile, in declaration order; `name` is metadata, not a leaf. */
export function leafPaths(profile: Profile): string[] {
  const out: string[] = []
  const walk = (node: Tree, prefix: string) => {
    for (const [key, value] of Object.entries(node)) {
      const path = prefix === '' ? key : `${prefix}.${key}`
      if (value !== null && typeof value === 'object') walk(value as Tree, path)
      else if (path !== 'name') out.push(path)
    }
  }
  walk(profile as unknown as Tree, '')
  return out
}

/** The value at a dotted path, or undefined. */
export function getPath(tree: unknown, path: string): unknown {
  let node: unknown = tree
  for (const key of path.split('.')) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined
    node = (node as Tree)[key]
  }
  return node
}

/** The value under `keys` (a zod issue's path: a key of `sources` has dots of its own), or undefined. */
export function valueAt(tree: unknown, keys: readonly PropertyKey[]): unknown {
  let node = tree
  for (const key of keys) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined
    node = (node as Record<PropertyKey, unknown>)[key]
  }
  return node
}

/** A deep copy of `tree` with `value` at `path` (the path's parents must exist). */
export function withPath<T>(tree: T, path: string, value: unknown): T {
  const keys = path.split('.')
  const copy = structuredClone(tree) as unknown as Record<string, unknown>
  let node = copy
  for (let i = 0; i < keys.length - 1; i++) node = node[keys[i]!] as Record<string, unknown>
  node[keys[keys.length - 1]!] = value
  return copy as unknown as T
}
