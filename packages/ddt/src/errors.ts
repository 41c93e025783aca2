// MPI error classes and the error type every datatype and runtime failure is reported with.

/** The MPI error classes spinmpi reports (MPI-4 §9.4). */
export const ERR_TRUNCATE = 'ERR_TRUNCATE'
export const ERR_TYPE = 'ERR_TYPE'
export const ERR_COUNT = 'ERR_COUNT'
export const ERR_RANK = 'ERR_RANK'
export const ERR_TAG = 'ERR_TAG'
export const ERR_BUFFER = 'ERR_BUFFER'
export const ERR_ARG = 'ERR_ARG'
export const ERR_OTHER = 'ERR_OTHER'

export type ErrorClass =
  | typeof ERR_TRUNCATE | typeof ERR_TYPE | typeof ERR_COUNT | typeof ERR_RANK
  | typeof ERR_TAG | typeof ERR_BUFFER | typeof ERR_ARG | typeof ERR_OTHER

export const ERROR_CLASSES: readonly ErrorClass[] = [
  ERR_TRUNCATE, ERR_TYPE, ERR_COUNT, ERR_RANK, ERR_TAG, ERR_BUFFER, ERR_ARG, ERR_OTHER,
]

/** An MPI error: the class says what kind of failure, the message what and where. */
export class MpiError extends Error {
  readonly errorClass: ErrorClass

  constructor(errorClass: ErrorClass, message: string) {
    super(message)
    this.name = 'MpiError'
    this.errorClass = errorClass
  }

  /** The same error with `where` prepended to the message (e.g. a JSON field path). */
  within(where: string): MpiError {
    return new MpiError(this.errorClass, `${where}: ${this.message}`)
  }
}

export function isMpiError(value: unknown): value is MpiError {
  return value instanceof MpiError
}
