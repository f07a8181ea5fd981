import { randomBytes } from 'node:crypto';

/** A new build generation: sortable by time, unique across processes. */
export const newBuildId = (version: number): string =>
  `v${version}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
