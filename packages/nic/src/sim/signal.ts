// A one-shot signal a simulated process can await. Firing it tells the simulator that promise
// continuations are pending, so it drains microtasks before advancing time.

export interface WakeupSink {
  noteWakeup(): void
}

export class Signal<T = void> {
  readonly promise: Promise<T>
  private resolveFn!: (value: T) => void
  private rejectFn!: (err: unknown) => void
  fired = false

  constructor(private readonly sink: WakeupSink) {
    this.promise = new Promise<T>((resolve, reject) => {
      this.resolveFn = resolve
      this.rejectFn = reject
    })
  }

  fire(value: T): void {
    if (this.fired) return
    this.fired = true
    this.sink.noteWakeup()
    this.resolveFn(value)
  }

  fail(err: unknown): void {
    if (this.fired) return
    this.fired = true
    this.sink.noteWakeup()
    this.rejectFn(err)
  }
}
