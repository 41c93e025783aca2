// Simulated time is an integer number of picoseconds held in a JS number (exact up to 2^53 ps,
// about 2.5 simulated hours). Conversions round to the nearest picosecond.

/** Simulated time or duration in integer picoseconds. */
export type Ps = number

/** Picoseconds per nanosecond. */
export const PS_PER_NS = 1_000
/** Picoseconds per microsecond. */
export const PS_PER_US = 1_000_000
/** Picoseconds per second. */
export const PS_PER_S = 1_000_000_000_000

/** Nanoseconds to picoseconds (rounded). */
export const ns = (x: number): Ps => Math.round(x * PS_PER_NS)
/** Microseconds to picoseconds (rounded). */
export const us = (x: number): Ps => Math.round(x * PS_PER_US)
/** Picoseconds to nanoseconds. */
export const toNs = (t: Ps): number => t / PS_PER_NS

/** Picoseconds to move `bytes` at `gbps` gigabits per second, rounded up (never free). */
export function transferPs(bytes: number, gbps: number): Ps {
  return Math.ceil((bytes * 8 * 1000) / gbps)
}

/** Picoseconds for `cycles` cycles of a clock at `hz`, rounded up. */
export function cyclesPs(cycles: number, hz: number): Ps {
  return Math.ceil((cycles * PS_PER_S) / hz)
}
