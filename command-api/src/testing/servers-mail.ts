import type { RunningServer } from '../server.ts';

/** The DATA_DIR of each server a test started, by URL: a client reads its mail there. */
const dataDirs = new Map<string, string>();

/** Lets TestClient.register read the mail of a server started without startTestServer (startServer itself). */
export function readMailOf(server: Pick<RunningServer, 'url' | 'context'>): void {
  readMailAt(server.url, server.context.config.dataDir);
}

/** The same for a server running in a child process, on that DATA_DIR. */
export const readMailAt = (url: string, dataDir: string): void => void dataDirs.set(url, dataDir);

export const mailDirOf = (url: string): string | undefined => dataDirs.get(url);

export const forgetMailOf = (url: string): void => void dataDirs.delete(url);
