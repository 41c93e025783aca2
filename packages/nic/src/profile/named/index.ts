import type { NamedProfile } from '../schema.js'
import { fpspin } from './fpspin.js'
import { myrinet } from './myrinet.js'
import { pspin } from './pspin.js'
import { sc19 } from './sc19.js'
import { spinSc17Discrete, spinSc17Integrated } from './sc17.js'

/** Every named profile; the default (sc19) first. */
export const NAMED_PROFILES: readonly NamedProfile[] = [sc19, spinSc17Discrete, spinSc17Integrated, pspin, fpspin, myrinet]
