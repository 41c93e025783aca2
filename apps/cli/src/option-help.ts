// The options block of a --help text: one option a line, descriptions in one column.

/** An option as typed (`--ranks P`) and one line on what it does, with its default. */
export type OptionHelp = readonly [string, string]

export function formatOptions(rows: readonly OptionHelp[]): string[] {
  const width = Math.max(...rows.map(([o]) => o.length))
  return rows.map(([opt, text]) => `  ${opt.padEnd(width)}  ${text}`)
}
