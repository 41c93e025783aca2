// The transpose encoded as datatypes (Hoefler & Gottlieb 2010; DDTBench FFT2D): with b = n/P rows
// per rank of an n x n complex matrix stored row-major, the block for peer p is the b x b tile at
// column p*b. The send type picks that tile row by row; the receive type scatters the incoming
// row-major tile column-wise, which transposes it. Both are resized so that alltoall's peer
// displacement (peer * extent) lands on column peer*b.

import { types, type Datatype } from '@spinmpi/runtime'

const COMPLEX_BYTES = 16

export interface TransposeTypes {
  /** resized(vector(b, b, n) of complex, lb 0, extent 16 b). */
  readonly send: Datatype
  /** contiguous(b) of resized(vector(b, 1, n) of complex, lb 0, extent 16). */
  readonly recv: Datatype
  /** Rows per rank. */
  readonly rows: number
  /** Bytes of one peer's message (16 b^2). */
  readonly messageBytes: number
}

export function transposeTypes(n: number, ranks: number): TransposeTypes {
  if (n % ranks !== 0) throw new RangeError(`n (${n}) must be a multiple of the number of ranks (${ranks})`)
  const b = n / ranks
  const tileRows = types.vector(b, b, n, types.COMPLEX128)
  const send = types.resized(tileRows, 0, COMPLEX_BYTES * b).commit()
  const column = types.vector(b, 1, n, types.COMPLEX128)
  const recv = types.contiguous(b, types.resized(column, 0, COMPLEX_BYTES)).commit()
  return { send, recv, rows: b, messageBytes: COMPLEX_BYTES * b * b }
}
