// Runs one spinmpi command in-process and returns what it printed on stdout.
import { Command } from 'commander'
import { vi } from 'vitest'

export async function runCommand(register: (program: Command) => void, args: readonly string[]): Promise<string> {
  const program = new Command().exitOverride()
  register(program)
  let out = ''
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((s: string | Uint8Array) => {
    out += String(s)
    return true
  })
  try {
    await program.parseAsync(['node', 'spinmpi', ...args])
  } finally {
    spy.mockRestore()
  }
  return out
}
