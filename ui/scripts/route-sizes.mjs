// Reports, per route chunk, the gzipped JS + CSS a browser downloads to show that
// route (the entry, the route's own chunk and every chunk they statically import).
// Run after `vite build`: node scripts/route-sizes.mjs
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const dist = new URL('../dist/', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const gz = (file) => gzipSync(readFileSync(join(dist, file))).length;

function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}

function filesOf(keys) {
  const files = new Set();
  for (const key of keys) {
    const chunk = manifest[key];
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
  }
  return files;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const entryKeys = closure(entryKey);
const entryBytes = [...filesOf(entryKeys)].reduce((sum, file) => sum + gz(file), 0);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

console.log(`entry (${entryKey}): ${kb(entryBytes)} gzipped`);
const routes = Object.keys(manifest).filter((key) => /(-page|app-shell|antd-layout|signed-in-home)\.tsx$/.test(key));
const rows = routes.map((key) => {
  const keys = closure(key, new Set(entryKeys));
  const own = [...filesOf(keys)].filter((file) => !filesOf(entryKeys).has(file));
  const extra = own.reduce((sum, file) => sum + gz(file), 0);
  return { route: key.replace(/^src\//, ''), extra, total: entryBytes + extra };
});
rows.sort((a, b) => a.total - b.total);
for (const row of rows) console.log(`${row.route.padEnd(64)} +${kb(row.extra).padStart(9)}  total ${kb(row.total)}`);
