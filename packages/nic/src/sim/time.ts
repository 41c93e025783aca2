// Simulated time is an integer number of picoseconds held in a JS number (exact up to 2^53 ps,
// about 2.5 simulated hours). Conversions round to the nearest picosecond.

export type Ps = number

export const PS_PER_NS = 1_000
export const PS_PER_US = 1_000_000
export const PS_PER_S = 1_000_000_000_000

export const ns = (x: number): Ps => Math.round(x * PS_PER_NS)
export const us = (x: number): Ps => Math.round(x * PS_PER_US)
export const toNs = (t: Ps): number => t / PS_PER_NS

/** Picoseconds to move `bytes` at `gbps` gigabits per second, rounded up (never free). */
export function transferPs(bytes: number, gbps: number): Ps {
  return Math.ceil((bytes * 8 * 1000) / gbps)
}

/** Picoseconds for `cycles` cycles of a clock at `hz`, rounded up. */
export function cyclesPs(cycles: number, hz: number): Ps {
  return Math.ceil((cycles * PS_PER_S) / hz)
}
