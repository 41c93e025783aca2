// MPI error classes and the error type every datatype and runtime failure is reported with.

/** The MPI error classes spinmpi reports (MPI-4 §9.4). */
export const ERR_TRUNCATE = 'ERR_TRUNCATE'
/** A datatype argument is invalid (uncommitted, wrong constructor arguments, ...). */
export const ERR_TYPE = 'ERR_TYPE'
/** A count is negative or not an integer. */
export const ERR_COUNT = 'ERR_COUNT'
/** A rank is outside the communicator. */
export const ERR_RANK = 'ERR_RANK'
/** A tag is negative or above TAG_UB. */
export const ERR_TAG = 'ERR_TAG'
/** A buffer is too small for the data it must hold or give. */
export const ERR_BUFFER = 'ERR_BUFFER'
/** Any other invalid argument (option, JSON field, profile value). */
export const ERR_ARG = 'ERR_ARG'
/** A failure that is not the caller's input (a rank threw, a deadlock). */
export const ERR_OTHER = 'ERR_OTHER'

/** The name of one MPI error class, as carried by {@link MpiError.errorClass}. */
export type ErrorClass =
  | typeof ERR_TRUNCATE | typeof ERR_TYPE | typeof ERR_COUNT | typeof ERR_RANK
  | typeof ERR_TAG | typeof ERR_BUFFER | typeof ERR_ARG | typeof ERR_OTHER

/** Every error class, in MPI order. */
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

/** True when `value` is an {@link MpiError} (also across module copies of this package). */
export function isMpiError(value: unknown): value is MpiError {
  return value instanceof MpiError
}
