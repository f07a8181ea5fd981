import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openCatalog } from './catalog.ts';

describe('embedded catalog', () => {
  it("opens a store made before builds and their collections had 'changed': the columns are added, the rest kept", () => {
    const db = new Database(':memory:');
    db.exec(`CREATE TABLE builds (projection TEXT NOT NULL, build TEXT NOT NULL, version INTEGER NOT NULL, checkpoint TEXT,
      active INTEGER NOT NULL DEFAULT 0, created INTEGER NOT NULL, PRIMARY KEY (projection, build));
      CREATE TABLE build_collections (projection TEXT NOT NULL, build TEXT NOT NULL, collection TEXT NOT NULL,
      physical TEXT NOT NULL UNIQUE, PRIMARY KEY (projection, build, collection));
      INSERT INTO builds VALUES ('caseload', 'b1', 3, '00000000000000000042', 1, 1);
      INSERT INTO build_collections VALUES ('caseload', 'b1', 'schools', 'rm_caseload_schools_1');`);
    const catalog = openCatalog(db);
    expect(catalog.activeBuild.get('caseload')).toMatchObject({ build: 'b1', checkpoint: '00000000000000000042', changed: null });
    catalog.setChanged.run('00000000000000000043', '00000000000000000043', 'caseload', 'b1');
    expect(catalog.activeBuild.get('caseload')).toMatchObject({ checkpoint: '00000000000000000043', changed: '00000000000000000043' });
    expect(catalog.collectionsChanged.all('caseload', 'b1')).toEqual([{ collection: 'schools', changed: null }]);
    // Opening it again finds the column there and leaves it.
    expect(() => openCatalog(db)).not.toThrow();
    db.close();
  });
});
