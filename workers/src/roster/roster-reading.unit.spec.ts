import { describe, expect, it } from 'vitest';
import { oneRoster11 } from '@accommodate/shared-events/domain/testing/roster-fixtures';
import { NO_LINKS } from '@accommodate/shared-events/domain/roster/roster-plan';
import { readRoster } from './roster-reading.ts';
import { readRosterOffThread } from './roster-reading-thread.ts';
import { rosterZip } from './roster-zip-fixtures.ts';

describe('reading a roster on a thread of its own', () => {
  it('gives what reading it on the API’s thread gives: the data, or every error by file and line', async () => {
    const good = rosterZip(oneRoster11());
    const inThread = await readRoster(good, NO_LINKS, 'salt');
    expect(inThread.data?.students.length).toBeGreaterThan(0);
    expect(await readRosterOffThread({ bytes: good, links: NO_LINKS, salt: 'salt' })).toEqual(inThread);

    const files = oneRoster11();
    const broken = rosterZip({ ...files, 'enrollments.csv': `${files['enrollments.csv']}e-x,c-991,u-s1,student,active\n` });
    const refused = await readRosterOffThread({ bytes: broken, links: NO_LINKS, salt: 'salt' });
    expect(refused.data).toBeNull();
    expect(refused).toEqual(await readRoster(broken, NO_LINKS, 'salt'));
    expect(refused.errors.length).toBeGreaterThan(0);
  });

  it('fails the import with a clear error, not the process, when the roster is more than its heap holds', async () => {
    const reading = await readRosterOffThread({ bytes: rosterZip(oneRoster11()), links: NO_LINKS, salt: 'salt' }, 1);
    expect(reading).toEqual({ data: null, errors: [{ file: 'zip', line: null, message: 'The roster is too large to read: split it into smaller imports' }], warnings: [], errorCount: 1, warningCount: 0 });
  });
});
