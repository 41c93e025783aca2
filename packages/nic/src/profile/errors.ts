export class ProfileError extends Error {
  override readonly name = 'ProfileError'
}
