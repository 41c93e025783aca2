// FPsPIN: PsPIN on an FPGA next to the Corundum NIC (2 clusters x 8 HPUs at 40 MHz).

import { deriveProfile } from '../derive.js'
import type { NamedProfile } from '../schema.js'
import { sc19 } from './sc19.js'

const KiB = 1024

export const fpspin: NamedProfile = deriveProfile(
  sc19,
  'fpspin',
  'FPsPIN: 16 RISC-V HPUs at 40 MHz on an FPGA, 100 Gbit/s Ethernet (Corundum), PCIe Gen3 x16',
  {
    'network.linkGbps': [100, 'FPsPIN §V: the board\'s two 100 Gbps QSFP Ethernet ports are driven by Corundum'],
    'network.mtuBytes': [1500, 'chosen: the standard 1500-byte Ethernet MTU (FPsPIN moves UDP/ICMP traffic over Corundum Ethernet)'],
    'network.headerBytes': [38, 'chosen: Ethernet framing per frame: 14 B header, 4 B FCS, 8 B preamble, 12 B inter-frame gap'],
    'network.latencyNs': [1000, 'chosen: one Ethernet switch hop of an FPGA testbed, about 1 µs'],
    'nic.hpus': [16, 'FPsPIN Tab. I: two clusters (of eight HPUs each, as in PsPIN)'],
    'nic.hpuHz': [40e6, 'FPsPIN §IV-A: the PsPIN clusters run at 40 MHz'],
    'nic.handlerDispatchNs': [200, 'FPsPIN Tab. II: ingress DMA into L1 takes 200-1750 ns (lower bound used; HER generation takes 0 cycles)'],
    'nic.matchNs': [100, 'FPsPIN Tab. II: matching engine, 4 cycles at 40 MHz = 100 ns'],
    'nic.channelLookupNs': [100, 'FPsPIN Tab. II: every packet goes through the matching engine (100 ns)'],
    'nic.pktBufBytes': [512 * KiB, 'FPsPIN Tab. I: 512 KiB L2 packet memory'],
    'nic.nicMemBytes': [1024 * KiB, 'FPsPIN Tab. I: 1 MiB L2 handler memory'],
    'nic.hpuMemBytes': [256 * KiB, 'FPsPIN Tab. I: 256 KiB L1 per cluster'],
    'nic.nicMemGiBps': [1.19, 'chosen: a 256-bit datapath at 40 MHz = 1.28 GB/s (1.19 GiB/s)'],
    'pcie.gen': [3, 'FPsPIN §V: the FPGA board uses 16 lanes of PCIe 3.0 at 8 GT/s'],
    'pcie.lanes': [16, 'FPsPIN §V: the FPGA board uses 16 lanes of PCIe 3.0 at 8 GT/s'],
    'pcie.latencyNs': [450, 'FPsPIN Tab. II: host DMA latency 450 ns'],
    'host.cpuHz': [3.4e9, 'FPsPIN §V-A: host cores at 3.4 GHz against 40 MHz HPUs'],
    'pcie.readLatencyNs': [900, 'chosen: twice the one-way host DMA latency'],
  },
)
