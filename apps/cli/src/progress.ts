// Progress bars on stderr while sweeps run (cli-progress: handles TTY detection, redraw and
// multi-bar layout that a hand-written bar would get wrong); silent when stderr is not a TTY.
import cliProgress from 'cli-progress'

export interface Progress {
  track(name: string): (done: number, total: number) => void
  stop(): void
}

export function createProgress(enabled: boolean): Progress {
  if (!enabled || !process.stderr.isTTY) return { track: () => () => {}, stop: () => {} }
  const multi = new cliProgress.MultiBar(
    { stream: process.stderr, clearOnComplete: false, hideCursor: true, format: ' {name} [{bar}] {value}/{total}' },
    cliProgress.Presets.shades_classic,
  )
  return {
    track(name) {
      let bar: cliProgress.SingleBar | undefined
      return (done, total) => {
        bar ??= multi.create(total, 0, { name: name.padEnd(14) })
        bar.setTotal(total)
        bar.update(done)
      }
    },
    stop: () => multi.stop(),
  }
}
