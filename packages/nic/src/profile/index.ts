export {
  ProfileSchema,
  NetworkSchema,
  NicSchema,
  PcieSchema,
  HostSchema,
  CostsSchema,
  type Profile,
  type NetworkParams,
  type NicParams,
  type PcieParams,
  type HostParams,
  type CostParams,
  type ProfileSources,
  type NamedProfile,
} from './schema.js'
export { ProfileError } from './errors.js'
export { leafPaths, getPath } from './paths.js'
export { deriveProfile, type ProfileChanges } from './derive.js'
export {
  listProfiles,
  getProfile,
  getNamedProfile,
  resolveProfile,
  parseOverrides,
  registerProfile,
  withOverrides,
  DEFAULT_PROFILE,
  type ProfileOverrides,
} from './resolve.js'
export {
  ProfileFileSchema,
  FullProfileFileSchema,
  DerivedProfileFileSchema,
  parseProfileFile,
  readProfileFile,
  isProfileFileRef,
} from './profile-file.js'
export { overrideProblem } from './overrides.js'
