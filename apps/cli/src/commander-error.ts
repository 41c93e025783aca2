// A parse error of commander (unknown command or option, missing or excess argument) as the one
// line every spinmpi error is: commander's own text without its "error: " prefix, its "Did you
// mean" suggestion on the same line, and for an unknown command the commands there are.
import type { Command, CommanderError } from 'commander'

export function commanderErrorLine(err: CommanderError, program: Command, argv: readonly string[]): string {
  const [first = '', ...rest] = err.message.replace(/^error: /, '').split('\n').map((l) => l.trim()).filter((l) => l !== '')
  const hint = rest.map((l) => l.replace(/^\(Did you mean/, '(did you mean')).join(' ')
  const line = hint === '' ? first : `${first} ${hint}`
  if (err.code !== 'commander.unknownCommand') return line
  const names = commandReached(program, argv).commands.map((c) => c.name())
  return names.length === 0 ? line : `${line}; commands: ${names.join(', ')}`
}

/** The deepest command the words name (the one that did not know the next word). */
function commandReached(program: Command, argv: readonly string[]): Command {
  let cmd = program
  for (const word of argv.slice(2)) {
    if (word.startsWith('-')) continue
    const sub = cmd.commands.find((c) => c.name() === word || c.aliases().includes(word))
    if (sub === undefined) break
    cmd = sub
  }
  return cmd
}
