// Standard output for large results: writes wait for the pipe to drain, so a reader that is
// slower than the walk bounds the memory held; a reader that closes early (`| head`) ends the
// process quietly (see quietOnClosedPipe).

/** Exit status when the reader of standard output went away: 128 + SIGPIPE, as a shell reports a
 * command killed by SIGPIPE, so `set -o pipefail` scripts see what they see for `seq | head`. */
export const EXIT_CLOSED_PIPE = 141

export function isClosedPipe(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as NodeJS.ErrnoException).code === 'EPIPE'
}

/** Ends the process quietly with EXIT_CLOSED_PIPE when stdout's reader closes. */
export function quietOnClosedPipe(): void {
  process.stdout.on('error', (err) => {
    if (isClosedPipe(err)) process.exit(EXIT_CLOSED_PIPE)
    throw err
  })
}

/** Writes `text` to stdout; resolves once the stream can take more. */
export function writeOut(text: string): Promise<void> {
  if (process.stdout.write(text)) return Promise.resolve()
  return new Promise((resolve) => process.stdout.once('drain', resolve))
}
