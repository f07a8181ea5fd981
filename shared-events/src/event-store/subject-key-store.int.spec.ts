import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openSqliteSubjectKeyStore, type SubjectKeyStore } from './subject-key-store.ts';
import { describeSubjectKeyStoreContract } from './subject-key-store.contract.ts';

describeSubjectKeyStoreContract('embedded SQLite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'subject-keys-'));
  const file = join(dir, 'keys.sqlite');
  const opened: SubjectKeyStore[] = [];
  return {
    async open() {
      const store = openSqliteSubjectKeyStore(file);
      opened.push(store);
      return store;
    },
    async storedKey(subjectId) {
      // Another connection, as another process reads the file.
      const other = new Database(file, { readonly: true });
      try {
        return other.prepare<[string], { key: Buffer | null }>('SELECT key FROM subject_keys WHERE subject = ?').get(subjectId)?.key;
      } finally {
        other.close();
      }
    },
    async dispose() {
      for (const store of opened) await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});
