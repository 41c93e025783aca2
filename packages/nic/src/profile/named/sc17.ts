// The two sPIN prototypes of SC17 §4: a discrete NIC behind PCIe and a NIC integrated with the CPU.

import { deriveProfile } from '../derive.js'
import type { NamedProfile } from '../schema.js'
import { sc19 } from './sc19.js'

const KiB = 1024
const MiB = 1024 * KiB

export const spinSc17Discrete: NamedProfile = deriveProfile(
  sc19,
  'spin-sc17-discrete',
  'SC17 §4 discrete sPIN NIC: 400 Gbit/s, 4 KiB MTU, o 65 ns, g 6.7 ns, 4 A15 HPUs at 2.5 GHz, PCIe DMA L 250 ns',
  {
    'network.linkGbps': [400, 'SC17 §4.2: G = 2.5 ps per byte, i.e. 400 Gib/s (taken as 400 Gbit/s)'],
    'network.mtuBytes': [4096, 'SC17 §4.4: 4 KiB packets'],
    'nic.hpus': [4, 'SC17 §4.2: four Cortex-A15 HPU cores per NIC (§4.4.2 also discusses an 8-HPU design)'],
    'nic.hpuHz': [2.5e9, 'SC17 §4.2: HPU cores at 2.5 GHz'],
    'nic.handlerDispatchNs': [0, 'SC17 §4.1: handlers are invoked immediately after a packet arrives, all context preloaded'],
    'nic.pktBufBytes': [128 * KiB, 'chosen: SC17 §4.1 sizes the buffer by Little\'s law (25 kB at 1 Tb/s for 200 ns) and suggests room for several microseconds; 128 KiB is about 2.6 µs at 400 Gbit/s'],
    'nic.nicMemBytes': [4 * MiB, 'chosen: SC17 gives no HPU memory size; 4 MiB is ample for its use cases (datatype descriptors, broadcast state)'],
    'nic.hpuMemBytes': [4 * MiB, 'chosen: one execution context may use all HPU memory (SC17 §3: HPU memory is allocated per ME by the host)'],
    'nic.nicMemGiBps': [50, 'SC17 §5: the network deposits data at 50 GiB/s; the 1-cycle scratchpad keeps up with it'],
    'nic.nicMemChannelsPerHpu': [2, 'chosen: as sc19 (SC17 gives no channel count)'],
    'pcie.latencyNs': [250, 'SC17 §4.3: discrete NIC over 32-lane PCIe 4, L = 250 ns'],
    'pcie.readLatencyNs': [500, 'chosen: twice the one-way DMA latency (a read is a round trip)'],
    'host.cpuHz': [2.5e9, 'SC17 §4.2: host of eight 2.5 GHz Haswell cores (the per-block loop keeps sc19\'s Haswell cycle count: 1.36 cycles = 0.544 ns here)'],
    'host.memBandwidthGiBps': [150, 'SC17 §4.2: DRAM bandwidth 150 GiB/s'],
    'host.memLatencyNs': [51, 'SC17 §4.2: DRAM latency 51 ns'],
    'host.copyBytesPerNs': [150 * 1.073741824, 'chosen: SC17 gives no per-core copy rate (and its RDMA copy is a plain strided memcpy, not MPITypes), so none beyond the memory system: the copy is then bounded by the 150 GiB/s DRAM (read and write) and by 10 fill buffers × 64 B per 51 ns (runtime host-cost.ts)'],
  },
)

export const spinSc17Integrated: NamedProfile = deriveProfile(
  spinSc17Discrete,
  'spin-sc17-integrated',
  'SC17 §4 integrated sPIN NIC: as discrete, but DMA through the memory controller (L 50 ns, 150 GiB/s)',
  {
    'pcie.gen': [5, 'chosen: the on-chip path is expressed in the PCIe model as 40 lanes at 32 GT/s (Gen5 rate) without encoding or TLP overhead'],
    'pcie.lanes': [40, 'chosen: 40 x 32 Gbit/s = 160 GB/s = 149 GiB/s, the SC17 §4.3 integrated bandwidth of 150 GiB/s (G = 6.7 ps)'],
    'pcie.encodingDataBits': [1, 'chosen: no line encoding on the on-chip memory-controller path'],
    'pcie.encodingLineBits': [1, 'chosen: no line encoding on the on-chip memory-controller path'],
    'pcie.tlpOverheadBytes': [0, 'chosen: no packet overhead on the on-chip path (SC17 §4.3 models it as plain LogGP: L and G only)'],
    'pcie.tlpPayloadBytes': [64, 'chosen: one cache line per memory-controller request'],
    'pcie.latencyNs': [50, 'SC17 §4.3: integrated NIC attached to the memory controller, L = 50 ns'],
    'pcie.readLatencyNs': [100, 'chosen: twice the one-way DMA latency (a read is a round trip)'],
  },
)
