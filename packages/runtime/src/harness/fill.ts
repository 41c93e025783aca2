// Deterministic byte patterns for harness buffers: the sender's data and the receiver's guard.

/** Sender bytes: distinct from the guard pattern at every index. */
export function fillData(buf: Uint8Array): void {
  for (let i = 0; i < buf.length; i++) buf[i] = (i * 131 + 17) & 0xff
}

export const GUARD = 0xa5

export function fillGuard(buf: Uint8Array): void {
  buf.fill(GUARD)
}
