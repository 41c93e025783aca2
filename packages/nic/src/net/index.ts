export { Network, NetworkError } from './network.js'
export { Packet, PKT_HEADER, PKT_COMPLETION, PKT_DUPLICATE, type PacketArrival } from './packet.js'
export { boundedShuffle } from './reorder.js'
export type { MessageSpec, StreamSpec, ReorderOptions, FaultOptions, NetworkOptions, NetworkCounters } from './types.js'
