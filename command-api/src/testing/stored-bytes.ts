import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

const holds = (file: string, needles: readonly Buffer[]): boolean => {
  const bytes = fs.readFileSync(file);
  return needles.some((needle) => bytes.includes(needle));
};

const needlesOf = (text: string): Buffer[] => [Buffer.from(text, 'utf8'), Buffer.from(text, 'utf16le')];

/** Every file under the folder (databases, -wal and -shm files, documents, outbox) that holds the text as UTF-8 or UTF-16LE. */
export const filesContaining = (dir: string, text: string): string[] => filesUnder(dir).filter((file) => holds(file, needlesOf(text)));

/**
 * The files of the database's tables in this schema (their TOAST tables and 1 GB segments too), flushed to disk
 * first; null, after saying why, where the server's files cannot be read from here (a server on another machine).
 */
async function tableFiles(databaseUrl: string): Promise<string[] | null> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('CHECKPOINT');
    const dataDirectory = (await client.query<{ dir: string }>(`SELECT current_setting('data_directory') AS dir`)).rows[0]!.dir;
    const { rows } = await client.query<{ file: string }>(
      `SELECT pg_relation_filepath(c.oid) AS file FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'm')
       UNION SELECT pg_relation_filepath(c.reltoastrelid) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = current_schema() AND c.reltoastrelid <> 0`,
    );
    if (!fs.existsSync(dataDirectory)) {
      console.warn(`The database's files (${dataDirectory}) are not on this machine: only DATA_DIR is searched`);
      return null;
    }
    return rows.flatMap(({ file }) => {
      const main = path.join(dataDirectory, file);
      const segments = fs.readdirSync(path.dirname(main)).filter((name) => name === path.basename(main) || name.startsWith(`${path.basename(main)}.`));
      return segments.map((name) => path.join(path.dirname(main), name));
    });
  } finally {
    await client.end();
  }
}

/**
 * Every place the product stores bytes that holds the text as UTF-8 or UTF-16LE: the files under DATA_DIR (databases,
 * -wal and -shm files, documents, outbox) and, with DATABASE_URL, the files of its tables in PostgreSQL.
 */
export async function storedBytesContaining(server: { dataDir: string; context: { config: { databaseUrl?: string | undefined } } }, text: string): Promise<string[]> {
  const needles = needlesOf(text);
  const found = filesContaining(server.dataDir, text);
  const databaseUrl = server.context.config.databaseUrl;
  if (databaseUrl) for (const file of (await tableFiles(databaseUrl)) ?? []) if (holds(file, needles)) found.push(`postgresql:${file}`);
  return found;
}
