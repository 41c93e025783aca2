// LogGOPS parameters of the message-level simulator, in LogGOPSim's integer time unit
// (LogGOPSim reports seconds as time / 1e9, i.e. the unit is a nanosecond). Defaults are
// LogGOPSim's command-line defaults.
import { z } from 'zod'

const param = (what: string) =>
  z.number({ error: `${what} must be a number` }).int(`${what} must be an integer`).min(0, `${what} must be >= 0`).max(Number.MAX_SAFE_INTEGER)

export const logGopsParamsSchema = z.strictObject({
  /** Wire latency per message. */
  L: param('L').default(2500),
  /** CPU overhead per message, at sender and receiver. */
  o: param('o').default(1500),
  /** NIC gap per message. */
  g: param('g').default(1000),
  /** NIC gap per byte (after the first). */
  G: param('G').default(6),
  /** CPU overhead per byte (after the first). */
  O: param('O').default(0),
  /** Eager limit: messages of at most S bytes are eager, larger ones rendezvous. */
  S: param('S').default(65535),
})

/** LogGOPS parameters (L, o, g, G, O, S), in the time unit of the schedule. */
export type LogGopsParams = z.output<typeof logGopsParamsSchema>

/** LogGOPSim's default parameters: L=2500 o=1500 g=1000 G=6 O=0 S=65535. */
export const DEFAULT_LOGGOPS_PARAMS: LogGopsParams = logGopsParamsSchema.parse({})

/** Validates (and defaults) parameters; the error names the parameter. */
export function logGopsParams(input: Partial<LogGopsParams> = {}): LogGopsParams {
  const parsed = logGopsParamsSchema.safeParse(input)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    const name = issue.path.length > 0 ? String(issue.path[0]) : 'params'
    throw new RangeError(issue.code === 'unrecognized_keys' ? `unknown LogGOPS parameter: ${issue.message}` : `${name}: ${issue.message}`)
  }
  return parsed.data
}
