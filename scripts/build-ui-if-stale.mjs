// `npm start` and the e2e tests serve ui/dist: build it when it is missing or older than its sources,
// so a fresh clone needs only `npm install` and `npm start`.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const built = path.join(root, 'ui/dist/index.html');
const sources = ['ui/src', 'ui/index.html', 'ui/vite.config.ts', 'shared-events/src/schemas', 'shared-events/src/config'];

function newestMtime(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(full).map((name) => newestMtime(path.join(entry, name))));
}

const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
if (builtAt === 0 || Math.max(...sources.map(newestMtime)) > builtAt) {
  console.log('Building the UI (ui/dist)...');
  execSync('npm run build -w ui', { cwd: root, stdio: 'inherit' });
}
