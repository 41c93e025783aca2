import type { NamedProfile } from '../schema.js'
import { sc19 } from './sc19.js'

/** Every named profile; the default (sc19) first. */
export const NAMED_PROFILES: readonly NamedProfile[] = [sc19]
