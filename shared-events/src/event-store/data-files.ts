import { join } from 'node:path';

/** The embedded log's file in a data folder. */
export const eventsFileIn = (dataDir: string): string => join(dataDir, 'events.sqlite');

/** The subject keys' file in a data folder, where no MongoDB holds them. */
export const keysFileIn = (dataDir: string): string => join(dataDir, 'keys.sqlite');
