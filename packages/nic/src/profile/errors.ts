/** An unknown profile, a bad override or an invalid profile value, named by path. */
export class ProfileError extends Error {
  override readonly name = 'ProfileError'
}
