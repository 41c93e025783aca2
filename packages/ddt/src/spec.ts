// Placeholder: the JSON type form (TypeSpec) and its zod schema are written with the front end.
export type TypeSpec = unknown
