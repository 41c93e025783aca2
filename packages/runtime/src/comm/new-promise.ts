// A pending promise and its settle functions without an executor closure per promise. An arrow
// executor capturing its caller's variables (`new Promise((resolve) => ...)`) is a closure and a
// context per promise, ~70-100 B on the blocking calls' paths; this executor is made once and
// hands the functions over in `settlers`, which the caller reads right after newPromise returns.
// The promise itself, and so the microtask turns it takes, is the same.

/** The settle functions of the promise newPromise made last: read them at once (the next call overwrites them). */
export const settlers: { resolve: (value: unknown) => void; reject: (reason: unknown) => void } = {
  resolve: () => {},
  reject: () => {},
}

function take(resolve: (value: unknown) => void, reject: (reason: unknown) => void): void {
  settlers.resolve = resolve
  settlers.reject = reject
}

/** A new pending promise; its resolve and reject are in `settlers` until the next call. */
export function newPromise<T>(): Promise<T> {
  return new Promise<T>(take as (resolve: (value: T) => void, reject: (reason: unknown) => void) => void)
}
