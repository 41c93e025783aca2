// sPIN handler return codes (SC17 appendix B.3-B.5). What the NIC does with each:
//   header handler
//     PROCEED          no payload handlers: the NIC deposits every packet at the ME the default
//                      way (plain RDMA path); the completion handler still runs once the data is
//                      in (SC17's ping-pong issues its PutFromHost from there).
//     PROCESS_DATA     call the payload handler for every packet, then the completion handler.
//     DROP             discard this and all following packets of the message; the completion
//                      handler still runs and sees every payload byte as dropped.
//   payload handler
//     SUCCESS          the packet is done (the handler moved whatever it wanted to move).
//     DROP             the packet is discarded; its bytes count as dropped for the completion.
//   completion handler
//     SUCCESS          the message is done; the ME completes (put event, use-once unlink).
//   any handler
//     FAIL             an error: an 'error' event goes to the host queue of the ME (only the
//                      first error of a message is reported); the message still finishes so the
//                      NIC never wedges.
//   _PENDING forms (PROCEED_PENDING, PROCESS_DATA_PENDING, DROP_PENDING from the header,
//   SUCCESS_PENDING from the completion): same as the plain code, but the ME is not completed:
//   no put event for this message and a use-once ME stays linked for a later message (e.g. the
//   rendezvous header handler that issues a get and waits for its reply on the same ME).

/** What a handler returns: proceed, drop, or a pending form that keeps the message going (sPIN return codes). */
export const ReturnCode = {
  PROCEED: 0,
  PROCEED_PENDING: 1,
  PROCESS_DATA: 2,
  PROCESS_DATA_PENDING: 3,
  DROP: 4,
  DROP_PENDING: 5,
  SUCCESS: 6,
  SUCCESS_PENDING: 7,
  FAIL: 8,
} as const

/** One handler return code. */
export type ReturnCode = (typeof ReturnCode)[keyof typeof ReturnCode]

/** The name of each return code, by value. */
export const returnCodeName: readonly string[] = [
  'PROCEED', 'PROCEED_PENDING', 'PROCESS_DATA', 'PROCESS_DATA_PENDING', 'DROP', 'DROP_PENDING',
  'SUCCESS', 'SUCCESS_PENDING', 'FAIL',
]

/** True for the codes that keep the ME from completing after this message. */
export function isPending(code: ReturnCode): boolean {
  return code === ReturnCode.PROCEED_PENDING || code === ReturnCode.PROCESS_DATA_PENDING ||
    code === ReturnCode.DROP_PENDING || code === ReturnCode.SUCCESS_PENDING
}
