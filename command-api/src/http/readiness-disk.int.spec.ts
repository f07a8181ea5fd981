import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRuntimeConfig } from '@accommodate/shared-events/config/runtime-config';
import { startServer, type RunningServer } from '../server.ts';
import { freeSpaceIn, MIN_FREE_DISK_BYTES } from './disk-space.ts';

describe('/readyz and a full DATA_DIR (issue 22)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'accommodate-disk-'));
  /** The disk as the injected probe reports it. */
  const disk = { free: 10 * 1024 ** 3, failing: false };
  let server: RunningServer;

  beforeAll(async () => {
    const config = loadRuntimeConfig({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', UI_DIST: '/nonexistent' });
    server = await startServer(config, {
      runProjections: true,
      freeDiskSpace: async () => {
        if (disk.failing) throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
        return disk.free;
      },
    });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const readyz = async () => {
    const response = await fetch(`${server.url}/readyz`);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('answers 503 while DATA_DIR has less free space than a write needs, or cannot be asked, and 200 again once freed', async () => {
    expect(await readyz()).toMatchObject({ status: 200, body: { status: 'ready', disk: true } });

    disk.free = MIN_FREE_DISK_BYTES - 1;
    expect(await readyz()).toMatchObject({ status: 503, body: { status: 'not ready', disk: false, eventStore: true, readStore: true } });

    disk.free = MIN_FREE_DISK_BYTES;
    disk.failing = true;
    expect(await readyz()).toMatchObject({ status: 503, body: { disk: false } });

    disk.failing = false;
    expect(await readyz()).toMatchObject({ status: 200, body: { status: 'ready', disk: true } });
  });

  it('measures DATA_DIR itself by default', async () => {
    expect(await freeSpaceIn(dataDir)()).toBeGreaterThan(0);
    await expect(freeSpaceIn(path.join(dataDir, 'missing'))()).rejects.toThrow();
  });
});
