// Moving one piece of bytes between two byte arrays (segment-driven partial pack/unpack).

/** Below this length a byte loop beats creating a subarray view for a native copy. */
const NATIVE_FROM = 64

export function copyBytes(dst: Uint8Array, dstAt: number, src: Uint8Array, srcAt: number, len: number): void {
  if (len >= NATIVE_FROM) dst.set(src.subarray(srcAt, srcAt + len), dstAt)
  else for (let k = 0; k < len; k++) dst[dstAt + k] = src[srcAt + k]!
}
