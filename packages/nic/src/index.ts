// @spinmpi/nic for users: a cluster of simulated sPIN NICs, the handler API to program them,
// example handlers, machine profiles and simulated time. The engine's parts (event heap,
// network, scheduler, packet buffer, DMA) are in `@spinmpi/nic/internal`.
export { Simulator, SimulationError } from './sim/simulator.js'
export { type Ps, ns, us, toNs, transferPs, cyclesPs, PS_PER_NS, PS_PER_US, PS_PER_S } from './sim/time.js'
export type {
  Profile, NetworkParams, NicParams, PcieParams, HostParams, CostParams, ProfileSources, NamedProfile,
} from './profile/schema.js'
export { ProfileError } from './profile/errors.js'
export { deriveProfile, type ProfileChanges } from './profile/derive.js'
export {
  listProfiles, getProfile, getNamedProfile, resolveProfile, parseOverrides, DEFAULT_PROFILE, type ProfileOverrides,
} from './profile/resolve.js'
export { registerProfile, withOverrides } from './profile/resolve.js'
export { overrideProblem } from './profile/overrides.js'
export { parseProfileFile, readProfileFile, isProfileFileRef } from './profile/profile-file.js'
export { Cluster, type ClusterOptions, type ClusterFaults } from './cluster.js'
export { Nic, type NicOptions } from './nic/nic.js'
export { ReturnCode, returnCodeName, isPending } from './nic/return-codes.js'
export type {
  MessageHeader, PayloadPacket, CompletionInfo, PutDestination, DmaOptions, DmaHandle, HandlerPhase,
  HandlerContext, HeaderHandler, PayloadHandler, CompletionHandler, SchedulingPolicy, ExecutionContextSpec,
} from './nic/handler-api.js'
export { HandlerError } from './nic/hpu-context.js'
export { ANY_SOURCE, MatchEntry, MeOptionsRecord, type MeOptions, type MatchListKind } from './nic/match-entry.js'
export type {
  HostEvent, HostEventKind, HostEventOf, HostEventFilter, PutEvent, UnexpectedEvent, PutOverflowEvent, DroppedEvent, ErrorEvent,
  AckEvent, SendEvent, DmaEvent, HandlerEvent, UnlinkEvent,
} from './nic/host-events.js'
export { NicMemoryError } from './nic/nic-memory.js'
export { SpillArea } from './nic/spill.js'
export { NicInputError } from './nic/me-schema.js'
export type { PutOptions, StreamingPut } from './nic/outbound.js'
export type { MessageRecord } from './nic/nic-stats.js'
export { nicReport, type NicReport } from './nic/report.js'
export * from './handlers/index.js'
