import { describe, expect, it } from 'vitest';
import { oneRoster11 } from '@accommodate/shared-events/domain/testing/roster-fixtures';
import { readRosterArchive } from './roster-archive.ts';
import { ROSTER_UNPACKED_MAX_BYTES } from '@accommodate/shared-events/schemas/roster';
import { rosterZip, withDeclaredSizes } from './roster-zip-fixtures.ts';

const windows1252 = (text: string) => Uint8Array.from([...text].map((char) => ({ é: 0xe9, ñ: 0xf1, '’': 0x92 })[char] ?? char.charCodeAt(0)));

describe('reading an uploaded roster zip', () => {
  it('reads a BOM, CRLF line ends and quoted commas', async () => {
    const users = '\uFEFFsourcedId,givenName,familyName,title\r\nu-1,"Lopez, Maria",Lopez,"Room ""12"""\r\nu-2,Ann,"Lee\r\nJr",x\r\n';
    const { tables, errors } = await readRosterArchive(rosterZip({ ...oneRoster11(), 'users.csv': users }));
    expect(errors).toEqual([]);
    const table = tables.get('users.csv');
    expect(table?.columns).toEqual(['sourcedId', 'givenName', 'familyName', 'title']);
    expect(table?.rows.map((row) => row.values)).toEqual([
      { sourcedId: 'u-1', givenName: 'Lopez, Maria', familyName: 'Lopez', title: 'Room "12"' },
      { sourcedId: 'u-2', givenName: 'Ann', familyName: 'Lee\r\nJr', title: 'x' },
    ]);
    expect(table?.rows[0]?.line).toBe(2);
  });

  it('reads Windows-1252 text, as Excel on Windows saves it', async () => {
    const bytes = windows1252('sourcedId,name,type\ns-1,Escuela Peña O’Brien José,school\n');
    const { tables } = await readRosterArchive(rosterZip({}, { 'orgs.csv': bytes }));
    expect(tables.get('orgs.csv')?.rows[0]?.values.name).toBe('Escuela Peña O’Brien José');
  });

  it('refuses what is not a zip, a zip bomb, an entry named outside the zip, and broken CSV, each with a clear error', async () => {
    expect((await readRosterArchive(Buffer.from('sourcedId,name\n'))).errors).toEqual([{ file: 'zip', line: null, message: 'The file is not a zip archive that can be read' }]);
    const bomb = rosterZip({ ...oneRoster11(), 'users.csv': `sourcedId\n${'0'.repeat(8 * 1024 * 1024)}\n` });
    expect((await readRosterArchive(bomb)).errors).toEqual([{ file: 'zip', line: null, message: 'The zip unpacks to far more than a roster: it was not imported' }]);
    const traversal = rosterZip({}, { '../../etc/users.csv': new TextEncoder().encode('sourcedId\nu-1\n') });
    expect((await readRosterArchive(traversal)).errors).toEqual([{ file: 'zip', line: null, message: 'The zip has an entry whose name points outside it: it was not imported' }]);
    const broken = rosterZip({ 'classes.csv': 'sourcedId,title\nc-1,"Algebra\n' });
    expect((await readRosterArchive(broken)).errors).toMatchObject([{ file: 'classes.csv', message: 'classes.csv is not valid CSV' }]);
  });

  it('refuses, before unpacking anything, an entry that says it unpacks past the 256 MB cap though packed like CSV', async () => {
    const MiB = 1024 * 1024;
    expect(ROSTER_UNPACKED_MAX_BYTES).toBe(256 * MiB);
    // 300 MB from 2 MB is 150 to 1, a ratio CSV reaches: only the cap on what a zip may unpack to refuses it.
    const big = withDeclaredSizes(rosterZip(oneRoster11()), 'users.csv', { compressed: 2 * MiB, uncompressed: 300 * MiB });
    expect((await readRosterArchive(big)).errors).toEqual([{ file: 'zip', line: null, message: 'The zip unpacks to far more than a roster: it was not imported' }]);
    // The same lie within the cap gets as far as reading the entry, whose data is not what its header says.
    const within = withDeclaredSizes(rosterZip(oneRoster11()), 'users.csv', { compressed: 2 * MiB, uncompressed: 250 * MiB });
    expect((await readRosterArchive(within)).errors).toEqual([{ file: 'zip', line: null, message: 'The zip is damaged and could not be read' }]);
  });

  it('never unpacks the files it does not read', async () => {
    const { tables } = await readRosterArchive(rosterZip({ ...oneRoster11(), 'demographics.csv': 'sourcedId,birthDate\nu-s1,2014-03-02\n' }));
    expect([...tables.keys()].sort()).toEqual(['academicSessions.csv', 'classes.csv', 'courses.csv', 'enrollments.csv', 'manifest.csv', 'orgs.csv', 'users.csv']);
  });

  it('refuses a zip holding a roster file twice (one in a sub-folder) rather than picking one', async () => {
    const files = oneRoster11();
    const twice = rosterZip({ ...files, 'old/users.csv': files['users.csv'] ?? '' });
    expect((await readRosterArchive(twice)).errors).toEqual([
      { file: 'zip', line: null, message: 'The zip holds users.csv more than once (in different folders): export one roster per zip and upload it again' },
    ]);
  });
});
