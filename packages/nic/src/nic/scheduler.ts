// The HER scheduler: assigns ready handler execution requests to idle HPUs.
//   default    one FIFO of ready HERs; any idle HPU (lowest index first) takes the head.
//   blockedRR  payload HER i of a message belongs to run floor(i/deltaP), owned by virtual HPU
//              (run mod vhpus). A vHPU is one entry in the FIFO while it has packets; once on an
//              HPU it runs its packets one at a time in arrival order and keeps the HPU until it
//              has none, then yields. So one run's packets never execute on two HPUs at once.
// Ordering between handler kinds (header, payload, completion) is the inbound engine's job: it
// enqueues a HER only when its dependencies are met.

import { quietEvent, type Simulator } from '../sim/simulator.js'
import type { Ps } from '../sim/time.js'
import type { Her } from './her.js'
import { Ring } from './ring.js'

/** A virtual HPU of one message under blockedRR. */
export class VirtualHpu {
  readonly queue = new Ring<Her>(8)
  /** 0 idle (no packets), 1 waiting in the ready FIFO, 2 on an HPU. */
  state = 0
  constructor(readonly index: number) {}
}

export interface HerExecutor {
  /**
   * Runs the handler of `her` on `hpu` starting at clock[0]; leaves its end time in clock[0]. (A
   * register, not an argument and a return value: a time past 2^31 ps crossing a call V8 does not
   * inline is boxed, twice per handler.)
   */
  execute(her: Her, hpu: number, clock: Float64Array): void
  /** Called at the end time, before the HPU takes new work. */
  finished(her: Her, hpu: number): void
}

export class HerScheduler {
  private readonly ready = new Ring<Her | VirtualHpu>(64)
  private readonly busy: Uint8Array
  /** vHPU each HPU is running, or null. */
  private readonly running: (VirtualHpu | null)[]
  private readonly current: (Her | null)[]
  private idleCount: number
  /** Handler execution time per HPU. */
  readonly busyPs: Float64Array
  /** Handlers run per HPU. */
  readonly handlerCount: Float64Array
  private readonly finishFn = quietEvent((hpu: number) => this.finish(hpu))

  constructor(
    private readonly sim: Simulator,
    readonly hpus: number,
    private readonly dispatchPs: Ps,
    private readonly executor: HerExecutor,
  ) {
    this.busy = new Uint8Array(hpus)
    this.running = new Array(hpus).fill(null)
    this.current = new Array(hpus).fill(null)
    this.idleCount = hpus
    this.busyPs = new Float64Array(hpus)
    this.handlerCount = new Float64Array(hpus)
  }

  /** A HER whose dependencies are met; `vhpu` set means it goes to that virtual HPU. */
  enqueue(her: Her, vhpu: VirtualHpu | null): void {
    her.readyAt = this.sim.now
    her.vhpu = vhpu === null ? -1 : vhpu.index
    if (vhpu === null) {
      if (this.idleCount > 0 && this.ready.length === 0) {
        // Nothing queued ahead and an HPU free: start now (what dispatch would do).
        const hpu = this.lowestIdle()
        this.running[hpu] = null
        this.start(her, hpu)
        return
      }
      this.ready.push(her)
    } else {
      vhpu.queue.push(her)
      if (vhpu.state !== 0) return
      vhpu.state = 1
      this.ready.push(vhpu)
    }
    this.dispatch()
  }

  get queuedTasks(): number {
    return this.ready.length
  }

  get idleHpus(): number {
    return this.idleCount
  }

  private dispatch(): void {
    while (this.idleCount > 0 && this.ready.length > 0) {
      const task = this.ready.shift()!
      const hpu = this.lowestIdle()
      if (task instanceof VirtualHpu) {
        task.state = 2
        this.running[hpu] = task
        this.start(task.queue.shift()!, hpu)
      } else {
        this.running[hpu] = null
        this.start(task, hpu)
      }
    }
  }

  private start(her: Her, hpu: number): void {
    this.busy[hpu] = 1
    this.idleCount--
    this.run(her, hpu)
  }

  private run(her: Her, hpu: number): void {
    this.current[hpu] = her
    const now = this.sim.now
    const eligible = her.readyAt + this.dispatchPs
    const start = eligible > now ? eligible : now
    const clock = this.sim.staged
    clock[0] = start
    this.executor.execute(her, hpu, clock)
    this.busyPs[hpu] = this.busyPs[hpu]! + (clock[0]! - start)
    this.handlerCount[hpu] = this.handlerCount[hpu]! + 1
    // Pushed right after execute returns, at the end time it left in staged[0]: a DMA's event may
    // ride on it (HpuRunner, DmaEngine.endRide).
    this.sim.atStaged(this.finishFn, hpu)
  }

  private finish(hpu: number): void {
    const her = this.current[hpu]!
    this.current[hpu] = null
    this.executor.finished(her, hpu)
    const v = this.running[hpu]
    if (v !== null && v !== undefined) {
      const next = v.queue.shift()
      if (next !== undefined) {
        // The vHPU keeps its HPU while it has packets.
        this.run(next, hpu)
        return
      }
      v.state = 0
      this.running[hpu] = null
    }
    this.busy[hpu] = 0
    this.idleCount++
    this.dispatch()
  }

  private lowestIdle(): number {
    const busy = this.busy
    for (let i = 0; i < busy.length; i++) if (busy[i] === 0) return i
    throw new Error('HER scheduler: no idle HPU although idleCount > 0')
  }
}
