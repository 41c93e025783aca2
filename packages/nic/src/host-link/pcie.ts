// The PCIe link between NIC and host. Data moves in TLPs of at most tlpPayloadBytes, each with
// tlpOverheadBytes of framing, sequence number, header and LCRC; the lanes carry
// encodingDataBits of data per encodingLineBits on the wire. Time for n payload bytes:
//   tlps(n)    = max(1, ceil(n / tlpPayloadBytes))       (a zero-byte write still sends a TLP)
//   wire(n)    = n + tlps(n) * tlpOverheadBytes
//   seconds    = wire(n) * 8 / (GT/s per lane * lanes * data/line)
// Rates are held as integers (half-GT/s) so times are exact integer picoseconds.

import type { PcieParams } from '../profile/schema.js'
import type { Ps } from '../sim/time.js'
import { ns } from '../sim/time.js'

/** Transfer rate per lane by generation, in units of 0.5 GT/s (Gen1 2.5 GT/s ... Gen5 32 GT/s). */
const HALF_GTS_PER_LANE: Readonly<Record<number, number>> = { 1: 5, 2: 10, 3: 16, 4: 32, 5: 64 }

export class PcieModel {
  readonly params: PcieParams
  /** GT/s per lane for this generation. */
  readonly gtPerLane: number
  /** Raw bit rate of all lanes, Gbit/s. */
  readonly rawGbps: number
  /** Bit rate after line encoding, Gbit/s. */
  readonly encodedGbps: number
  readonly writeLatencyPs: Ps
  readonly readLatencyPs: Ps
  // wire ps = ceil(wireBytes * psNum / psDen), exact in integers
  private readonly psNum: number
  private readonly psDen: number
  // The last size asked for and its time: a stream of equal-sized requests computes it once.
  private lastBytes = -1
  private lastPs: Ps = 0

  constructor(params: PcieParams) {
    this.params = params
    const halfGts = HALF_GTS_PER_LANE[params.gen]!
    this.gtPerLane = halfGts / 2
    this.rawGbps = this.gtPerLane * params.lanes
    this.encodedGbps = (this.rawGbps * params.encodingDataBits) / params.encodingLineBits
    // bytes * 8 bits * 1000 ps/ns / (Gbit/s): with Gbit/s = halfGts/2 * lanes * data/line
    this.psNum = 16_000 * params.encodingLineBits
    this.psDen = halfGts * params.lanes * params.encodingDataBits
    this.writeLatencyPs = ns(params.latencyNs)
    this.readLatencyPs = ns(params.readLatencyNs)
  }

  /** TLPs needed to carry `bytes` of payload. */
  tlps(bytes: number): number {
    return bytes <= 0 ? 1 : Math.ceil(bytes / this.params.tlpPayloadBytes)
  }

  /** Bytes on the link (before line encoding) to move `bytes` of payload. */
  wireBytes(bytes: number): number {
    return bytes + this.tlps(bytes) * this.params.tlpOverheadBytes
  }

  /** Time the link is busy moving `bytes` of payload. */
  wirePs(bytes: number): Ps {
    if (bytes === this.lastBytes) return this.lastPs
    const ps = Math.ceil((this.wireBytes(bytes) * this.psNum) / this.psDen)
    this.lastBytes = bytes
    this.lastPs = ps
    return ps
  }

  /** Payload bandwidth in Gbit/s for back-to-back transfers of `bytes` each (default: full TLPs). */
  effectiveGbps(bytes = this.params.tlpPayloadBytes): number {
    return (this.encodedGbps * bytes) / this.wireBytes(bytes)
  }
}
