// A rank's return value as the run summary holds it (--json prints it, the text table renders it):
// what JSON.stringify would make of it, except for what JSON cannot hold or would garble. Typed
// arrays become arrays at any depth (JSON makes {"0":1.5,"1":2} of a nested Float64Array), a
// bigint becomes its decimal string (JSON throws on it, and the whole value used to print as
// "[object Object]"), Map and Set become arrays of their entries, and a reference back to an
// enclosing object becomes "[Circular]" (JSON throws on that too).

/** `v` as plain JSON data; undefined at the top becomes null (a rank that returns nothing). */
export function resultJson(v: unknown): unknown {
  const out = convert(v, [])
  return out === undefined ? null : out
}

/** undefined: a value JSON leaves out of objects (undefined, functions, symbols). */
function convert(v: unknown, enclosing: object[]): unknown {
  if (typeof v === 'bigint') return v.toString()
  if (v === undefined || typeof v === 'function' || typeof v === 'symbol') return undefined
  if (v === null || typeof v !== 'object') return v
  if (enclosing.includes(v)) return '[Circular]'
  if (ArrayBuffer.isView(v) && !(v instanceof DataView)) {
    return Array.from(v as unknown as ArrayLike<number | bigint>, (x) => (typeof x === 'bigint' ? x.toString() : x))
  }
  enclosing.push(v)
  try {
    // arrays, maps and sets before toJSON: a library may give Set a toJSON of its own ("Set(3,4)")
    if (Array.isArray(v)) return v.map((x) => convert(x, enclosing) ?? null)
    if (v instanceof Map) return Array.from(v, ([k, x]) => [convert(k, enclosing) ?? null, convert(x, enclosing) ?? null])
    if (v instanceof Set) return Array.from(v, (x) => convert(x, enclosing) ?? null)
    if (typeof (v as { toJSON?: unknown }).toJSON === 'function') return convert((v as { toJSON(): unknown }).toJSON(), enclosing)
    const out: Record<string, unknown> = {}
    for (const [k, x] of Object.entries(v)) {
      const c = convert(x, enclosing)
      if (c !== undefined) out[k] = c
    }
    return out
  } finally {
    enclosing.pop()
  }
}
