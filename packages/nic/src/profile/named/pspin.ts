// PsPIN: the RISC-V sPIN accelerator (4 clusters x 8 cores at 1 GHz).

import { deriveProfile } from '../derive.js'
import type { NamedProfile } from '../schema.js'
import { sc19 } from './sc19.js'

const KiB = 1024
const MiB = 1024 * KiB

export const pspin: NamedProfile = deriveProfile(
  sc19,
  'pspin',
  'PsPIN: 4x8 RISC-V HPUs at 1 GHz, 400 Gbit/s, 1 KiB packets, 4 MiB L2 packet buffer and handler memory',
  {
    'network.linkGbps': [400, 'PsPIN §I, §IV: packets processed at 400 Gbit/s'],
    'network.mtuBytes': [1024, 'PsPIN §IV-C: packet size 1 KiB unless otherwise specified'],
    'nic.hpus': [32, 'PsPIN §III-A: four clusters of eight RISC-V HPUs'],
    'nic.hpuHz': [1e9, 'PsPIN §IV-A: timing closed at 1 GHz in 22 nm'],
    'nic.handlerDispatchNs': [10, 'PsPIN §IV-B1: a HER reaches the cluster scheduler in 3 ns and the runtime invokes the handler in 7 ns (the L1 copy is charged separately from the memory bandwidth)'],
    'nic.pktBufBytes': [4 * MiB, 'PsPIN §III-C: 4 MiB L2 packet buffer'],
    'nic.nicMemBytes': [4 * MiB, 'PsPIN §III-C: 4 MiB L2 handler memory'],
    'nic.nicMemGiBps': [29.8, 'SC19 §4.2 (PsPIN design): 256-bit memories and interconnects at 1 GHz = 32 GB/s (29.8 GiB/s) per port'],
    'nic.nicMemLatencyCycles': [1, 'PsPIN §III-B2: single-cycle access to the cluster L1 scratchpad'],
    'nic.nicMemChannelsPerHpu': [2, 'SC19 §4.1 (PsPIN design): L1 split into twice as many banks as cores'],
    'nic.hpuMemBytes': [984 * KiB, 'PsPIN §III-B2: 984 KiB of message scratchpad in each cluster L1'],
    'pcie.gen': [5, 'chosen: 400 Gbit/s of host traffic needs more than Gen4 x16 (PsPIN models the host link as a FIFO)'],
    'pcie.lanes': [16, 'chosen: Gen5 x16 (504 Gbit/s after encoding) carries the 400 Gbit/s line rate'],
    'costs.dmaIssueCycles': [6, 'PsPIN §III-B2: issuing a DMA command takes 6 cycles'],
  },
)
