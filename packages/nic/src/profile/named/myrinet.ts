// Myrinet-2000 with LANai 9 NICs on 33 MHz/32-bit PCI, for the NIC-based broadcast comparison.

import { deriveProfile } from '../derive.js'
import type { NamedProfile } from '../schema.js'
import { sc19 } from './sc19.js'

const KiB = 1024

export const myrinet: NamedProfile = deriveProfile(
  sc19,
  'myrinet',
  'Myrinet-2000: 2 Gbit/s links, one LANai 9.1 NIC processor at 133 MHz with 2 MB SRAM, 33 MHz/32-bit PCI, 1 GHz Pentium-III hosts',
  {
    'network.linkGbps': [2, 'Myrinet §4: Myrinet-2000 network (2 Gbit/s links)'],
    'network.mtuBytes': [4096, 'chosen: GM fragments messages into 4 KiB packets'],
    'network.headerBytes': [16, 'chosen: Myrinet route bytes, packet type and GM header'],
    'network.latencyNs': [500, 'chosen: one cut-through crossbar (32-port switch) plus cables, about 0.5 µs'],
    'network.gapNs': [1000, 'chosen: a 133 MHz LANai needs on the order of 100 cycles per send'],
    'network.overheadNs': [1500, 'chosen: MPICH-GM host overhead on a 1 GHz Pentium III, about 1.5 µs per message'],
    'network.eagerLimitBytes': [16 * KiB, 'chosen: MPICH-GM eager threshold of the era (16 KiB)'],
    'nic.hpus': [1, 'Myrinet §4: one LANai 9.1 processor per NIC'],
    'nic.hpuHz': [133e6, 'Myrinet §4: LANai 9.1 at 133 MHz'],
    'nic.handlerDispatchNs': [7500, 'derived: Myrinet §5.2 NIC echo beats host echo above 128 B, so one module run equals what the host echo adds at 128 B (PCI write 2.03 µs + PCI read 3.03 µs + two host overheads 3 µs - 60 handler cycles 0.45 µs); within Fig. 6 "several µs"'],
    'nic.matchNs': [500, 'chosen: GM matches in LANai firmware, tens of cycles at 133 MHz'],
    'nic.channelLookupNs': [100, 'chosen: per-packet firmware lookup, about 13 LANai cycles'],
    'nic.pktBufBytes': [512 * KiB, 'chosen: a quarter of the 2 MB SRAM for packet buffers'],
    'nic.nicMemBytes': [1024 * KiB, 'chosen: the rest of the 2 MB SRAM after firmware and packet buffers'],
    'nic.hpuMemBytes': [256 * KiB, 'chosen: the NICVM module memory of one user module'],
    'nic.nicMemGiBps': [0.5, 'chosen: 32-bit SRAM at 133 MHz, 532 MB/s (0.5 GiB/s)'],
    'pcie.gen': [1, 'chosen: 33 MHz/32-bit PCI expressed in the PCIe model as one 2.5 GT/s lane'],
    'pcie.lanes': [1, 'chosen: 33 MHz/32-bit PCI expressed in the PCIe model as one 2.5 GT/s lane'],
    'pcie.encodingDataBits': [264, 'chosen: data/line ratio 264/625 makes the lane carry 1.056 Gbit/s, the 33 MHz x 32 bit PCI peak (Myrinet §4)'],
    'pcie.encodingLineBits': [625, 'chosen: data/line ratio 264/625 makes the lane carry 1.056 Gbit/s, the 33 MHz x 32 bit PCI peak (Myrinet §4)'],
    'pcie.tlpPayloadBytes': [256, 'chosen: a PCI burst of 256 B'],
    'pcie.tlpOverheadBytes': [8, 'chosen: PCI address phase and turnaround, about two 32-bit cycles'],
    'pcie.latencyNs': [1000, 'chosen: about 1 µs for a PCI DMA to land in host memory'],
    'pcie.readLatencyNs': [2000, 'chosen: twice the one-way DMA latency'],
    'host.cpuHz': [1e9, 'Myrinet §4: 1 GHz Pentium-III nodes'],
    'host.memBandwidthGiBps': [0.99, 'chosen: PC133 SDRAM, 1.06 GB/s'],
    'host.memLatencyNs': [100, 'chosen: SDRAM latency of a Pentium-III system'],
    'host.cacheLineBytes': [32, 'Pentium III cache line, 32 B'],
    'host.llcBytes': [256 * KiB, 'Pentium III (Coppermine) on-die L2, 256 KiB'],
    'host.llcWays': [8, 'Pentium III (Coppermine) L2: 8-way set associative'],
    'host.lineFillBuffers': [4, 'Pentium III (P6 core): 4 fill buffers'],
    'host.copyBytesPerNs': [0.4, 'chosen: cold-cache copy on PC133 SDRAM, about 40% of peak'],
    'host.unpackBlockCycles': [10, 'chosen: about 10 cycles of a 1 GHz Pentium III per block of the unpack loop (no SIMD, small caches)'],
    'host.packBlockCycles': [10, 'chosen: as unpackBlockCycles'],
    'host.flopsPerNs': [0.5, 'chosen: sustained 0.5 GFLOP/s on a 1 GHz Pentium III'],
  },
)
