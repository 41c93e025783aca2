// One DDTBench input received under each unpack strategy (SC19 §5.3): the shared measurement
// behind Fig. 16, 17, 18 and `spinmpi run ddtbench`. Each (input, strategy) is one message
// through the runtime's two-node harness (runUnpack). Small inputs run in data mode on the
// compact host layout (real bytes, verified against a host unpack); inputs whose regions do not
// fit in memory comfortably run in timing mode over their virtual-address placement (same
// offsets, lengths and costs, no payload bytes).

import { classify } from '@spinmpi/ddt'
import { hostMemory, measure, workloads, type Measurement, type Workload } from '@spinmpi/ddtbench'
import { PcieModel, resolveProfile, toNs, type Profile } from '@spinmpi/nic/internal'
import { hostUnpackTraffic, type ReceiveStrategyName } from '@spinmpi/runtime/internal'
import { runUnpack, type UnpackResult } from '@spinmpi/runtime/harness'

/** The strategies SC19 Fig. 16 compares with host unpack. */
export const DDTBENCH_OFFLOADS = ['rw-cp', 'specialized', 'iovec'] as const
export type DdtbenchOffload = (typeof DDTBENCH_OFFLOADS)[number]

/**
 * HPUs of the application runs: SC19 §5.1 configures 32 Cortex-A15 "unless otherwise specified"
 * and §5.3 does not specify (the microbenchmarks' 16 are the profile default).
 */
export const DDTBENCH_OVERRIDES = { 'nic.hpus': 32 } as const

/** Largest compact host layout run in data mode (larger inputs run in timing mode). */
export const DATA_MODE_MAX_BYTES = 8 * 1024 * 1024

/** Bytes of one iovec entry (64-bit address + 64-bit length), as the runtime's iovec engine. */
export const IOVEC_ENTRY_BYTES = 16

/** One input per app for quick sweeps: chosen to span γ from 1 to ~500. */
export const QUICK_INPUTS: Readonly<Record<string, string>> = {
  WRF: 'wrf_y 2x2',
  MILC: '(8,16,16,16)',
  NAS_LU: 'lu_y n=12',
  NAS_MG: 'mg_y (130,66,66)',
  FFT2D: 'N=256 P=8',
  SPECFEM3D: 'oc icount=493 dim1=3697',
  LAMMPS: 'full icount=1662 dim1=1907',
  COMB: 'y-face 100^3 g=1',
  SW4LITE: 'sw4_y corder 155x155x175',
}

/** Bytes of one packet: messages up to this size are Fig. 16's "one-packet" messages. */
export const PACKET_BYTES = 2048

/** Packed bytes of one message of the input. */
export function messageBytes(w: Workload): number {
  return w.type.size * w.count
}

/** SPECFEM3D oc: the paper's γ ≈ 512 case (SC19 §5.3 "SPEC-OC has γ = 512"). */
export function isSpecfemOc(w: Workload): boolean {
  return w.app === 'SPECFEM3D' && w.input.startsWith('oc')
}

/**
 * Whether the quick sweep runs the input: one per app, plus every input that decides one of
 * Fig. 16's "no gain" claims (all one-packet messages and all SPECFEM3D oc inputs, each small),
 * so quick and full agree on them.
 */
export function inQuickSweep(w: Workload): boolean {
  return QUICK_INPUTS[w.app] === w.input || messageBytes(w) <= PACKET_BYTES || isSpecfemOc(w)
}

/** The receive-side inputs of Fig. 16 (LAMMPS's contiguous R excluded), or the quick subset. */
export function figureInputs(quick: boolean, seed = 1): Workload[] {
  const recv = workloads(seed).filter((w) => w.side === 'recv')
  return quick ? recv.filter(inQuickSweep) : recv
}

export function ddtbenchProfile(name: string | undefined): Profile {
  return resolveProfile(name ?? 'sc19', DDTBENCH_OVERRIDES)
}

/** Whether `specialized` applies: classify finds a vector, index-block or indexed layout. */
export function specializedFits(w: Workload): boolean {
  return classify(w.type, w.count).kind !== 'general'
}

/** The strategies one input runs: host, then the offloads that apply to it. */
export function strategiesFor(w: Workload, only?: ReceiveStrategyName): ReceiveStrategyName[] {
  const all: ReceiveStrategyName[] = ['host', ...DDTBENCH_OFFLOADS.filter((s) => s !== 'specialized' || specializedFits(w))]
  return only === undefined ? all : all.filter((s) => s === 'host' || s === only)
}

export function dataModeFits(w: Workload): boolean {
  return w.regions.reduce((sum, r) => sum + r.bytes, 0) <= DATA_MODE_MAX_BYTES
}

/** One message of the input received with `strategy`. */
export function unpackInput(w: Workload, strategy: ReceiveStrategyName, profile: Profile): UnpackResult {
  if (dataModeFits(w)) {
    const placed = hostMemory(w).placement
    return runUnpack({ type: placed.type, count: placed.count, strategy, profile, dataMode: true })
  }
  return runUnpack({ type: w.type, count: w.count, strategy, profile, dataMode: false })
}

/** Bytes moved to the NIC so it can unpack: resident state copied at posting, or the iovec list. */
export function nicSupportBytes(r: UnpackResult, blocks: number): number {
  return r.strategy === 'iovec' ? blocks * IOVEC_ENTRY_BYTES : r.prepCopyBytes
}

/** Host preparation of an offload plus the PCIe read that brings its state into NIC memory. */
export function preparationNs(r: UnpackResult, profile: Profile): number {
  if (r.prepCopyBytes === 0) return r.hostPrepNs
  const pcie = new PcieModel(profile.pcie)
  return r.hostPrepNs + toNs(pcie.readLatencyPs + pcie.wirePs(r.prepCopyBytes))
}

/** Everything measured for one input. */
export interface InputRun {
  readonly workload: Workload
  readonly measured: Measurement
  readonly host: UnpackResult
  readonly offloads: ReadonlyMap<ReceiveStrategyName, UnpackResult>
  /** Main-memory bytes of a host unpack as Fig. 17 counts them (deposit + LLC misses × line). */
  readonly hostMemBytes: number
}

export function runInput(w: Workload, profile: Profile, only?: ReceiveStrategyName): InputRun {
  const host = unpackInput(w, 'host', profile)
  const offloads = new Map<ReceiveStrategyName, UnpackResult>()
  for (const s of strategiesFor(w, only)) if (s !== 'host') offloads.set(s, unpackInput(w, s, profile))
  return { workload: w, measured: measure(w), host, offloads, hostMemBytes: hostUnpackTraffic(profile, w.type, w.count).bytes }
}

// Fig. 16, 17 and 18 read the same runs: one sweep per (profile, quick) and process.
const sweeps = new Map<string, readonly InputRun[]>()

/** Every figure input under every applicable strategy (memoized per profile name and `quick`). */
export function figureRuns(profileName: string | undefined, quick: boolean, onProgress?: (done: number, total: number) => void): readonly InputRun[] {
  const profile = ddtbenchProfile(profileName)
  const key = `${profile.name}|${quick}`
  const hit = sweeps.get(key)
  if (hit !== undefined) {
    onProgress?.(hit.length, hit.length)
    return hit
  }
  const inputs = figureInputs(quick)
  const runs: InputRun[] = []
  for (const w of inputs) {
    runs.push(runInput(w, profile))
    onProgress?.(runs.length, inputs.length)
  }
  sweeps.set(key, runs)
  return runs
}

/** Data-mode runs whose received bytes or guards did not match a host unpack (should be none). */
export function unverifiedRuns(runs: readonly InputRun[]): string[] {
  const bad: string[] = []
  for (const r of runs) {
    for (const u of [r.host, ...r.offloads.values()]) {
      if (u.verified === false || u.guardIntact === false) bad.push(`${r.workload.app} ${r.workload.input} ${u.strategy}`)
    }
  }
  return bad
}

/** Geometric mean of positive values (NaN for none). */
export function geomean(values: readonly number[]): number {
  if (values.length === 0) return NaN
  let sum = 0
  for (const v of values) sum += Math.log(v)
  return Math.exp(sum / values.length)
}
