// The names of a registry's records as a tuple of their literal types (for zod enums and unions).

export function namesOf<const T extends readonly { readonly name: string }[]>(records: T): { readonly [K in keyof T]: T[K]['name'] } {
  return records.map((r) => r.name) as { readonly [K in keyof T]: T[K]['name'] }
}
