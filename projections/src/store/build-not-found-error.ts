/**
 * A commit into a build that no longer exists: another runner or a rebuild swapped
 * in a newer build and dropped this one. The runner moves to the active build.
 */
export class BuildNotFoundError extends Error {
  override readonly name = 'BuildNotFoundError';
  constructor(readonly projection: string) {
    super(`The build of projection ${projection} being written was replaced`);
  }
}
