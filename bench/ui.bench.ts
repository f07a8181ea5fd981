import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fmt, table, type BenchOptions, type BenchSection } from './lib/report.ts';
import { REPO_ROOT } from './lib/server-process.ts';
import { tempDir } from './lib/temp-dir.ts';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

const SHELL = ['src/components/antd-layout.tsx', 'src/components/app-shell.tsx'];
const page = (feature: string, name: string) => `src/features/${feature}/components/${name}.tsx`;
/** Pages that combine features live in the app layer (ui/src/app/routes/). */
const appPage = (path: string) => `src/app/routes/${path}.tsx`;

/** Each route with the lazy chunks the router loads for it (from ui/src/app/router.tsx), besides the entry. */
const ROUTES: { path: string; chunks: string[]; signedIn: boolean }[] = [
  { path: '/ (landing)', chunks: [page('landing', 'landing-page')], signedIn: false },
  { path: '/terms', chunks: [page('legal', 'terms-page')], signedIn: false },
  { path: '/login', chunks: ['src/components/antd-layout.tsx', page('auth', 'login-page')], signedIn: false },
  { path: '/register', chunks: ['src/components/antd-layout.tsx', page('auth', 'register-page')], signedIn: false },
  { path: '/ (signed in)', chunks: ['src/app/signed-in-home.tsx'], signedIn: true },
  { path: '/dashboard', chunks: [...SHELL, appPage('dashboard-page')], signedIn: true },
  { path: '/students', chunks: [...SHELL, appPage('students/students-list-page')], signedIn: true },
  { path: '/students/new', chunks: [...SHELL, appPage('students/new-student-page')], signedIn: true },
  { path: '/students/:id', chunks: [...SHELL, appPage('students/student-detail-page')], signedIn: true },
  { path: '/students/edit/:id', chunks: [...SHELL, appPage('students/edit-student-page')], signedIn: true },
  { path: '/accommodations', chunks: [...SHELL, page('accommodations', 'accommodations-page')], signedIn: true },
  { path: '/plans/:id', chunks: [...SHELL, appPage('plans/plan-page')], signedIn: true },
  { path: '/sub-plan', chunks: [...SHELL, page('sub-plan', 'sub-plan-page')], signedIn: true },
  { path: '/settings', chunks: [...SHELL, appPage('settings/settings-page')], signedIn: true },
  { path: '/notifications', chunks: [...SHELL, page('notifications', 'notifications-page')], signedIn: true },
  { path: '/upgrade', chunks: [...SHELL, page('upgrade', 'upgrade-page')], signedIn: true },
  { path: '/classes', chunks: [...SHELL, appPage('classes/classes-page')], signedIn: true },
  { path: '/classes/:id', chunks: [...SHELL, page('classes', 'class-roster-page')], signedIn: true },
  { path: '/accommodations/at-a-glance', chunks: [...SHELL, appPage('accommodations/at-a-glance-page')], signedIn: true },
  { path: '/students/compare', chunks: [...SHELL, page('students', 'compare-students-page')], signedIn: true },
  { path: '/classes/:id/testing-day', chunks: [...SHELL, page('testing-day', 'testing-day-page')], signedIn: true },
  { path: '/implementation/log', chunks: [...SHELL, page('implementation-log', 'implementation-pages')], signedIn: true },
  { path: '/implementation/coverage', chunks: [...SHELL, page('implementation-log', 'implementation-pages')], signedIn: true },
  // The chart (and its library) is a lazy chunk of the page, loaded as the page renders; not counted here.
  { path: '/districts/:id/dashboard', chunks: [...SHELL, page('district-dashboard', 'district-dashboard-page')], signedIn: true },
];

/**
 * Builds the UI into a temporary folder (so that a Playwright run serving ui/dist is not
 * disturbed) and adds up, per route, the gzipped JS of the entry, the route's lazy chunks
 * and everything they import statically (the logic of ui/scripts/route-sizes.mjs, JS only).
 */
export async function uiBenchmark(_options: BenchOptions): Promise<BenchSection> {
  const out = tempDir('ui');
  try {
    execFileSync(process.execPath, [join(REPO_ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', out.path, '--emptyOutDir', '--logLevel', 'error'], {
      cwd: join(REPO_ROOT, 'ui'),
      stdio: 'inherit',
    });
    const manifest = JSON.parse(readFileSync(join(out.path, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
    const gz = new Map<string, number>();
    const size = (file: string) => {
      if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(join(out.path, file)), { level: 9 }).length);
      return gz.get(file)!;
    };
    const closure = (key: string, seen: Set<string>) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      for (const dep of manifest[key].imports ?? []) closure(dep, seen);
    };
    const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
    const rows = ROUTES.map((route) => {
      const keys = new Set<string>();
      closure(entry, keys);
      const missing = route.chunks.filter((chunk) => !manifest[chunk]);
      for (const chunk of route.chunks) closure(chunk, keys);
      const js = [...keys].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
      return { ...route, bytes: js.reduce((sum, file) => sum + size(file), 0), missing };
    });
    const entryKeys = new Set<string>();
    closure(entry, entryKeys);
    const entryBytes = [...entryKeys].reduce((sum, key) => sum + size(manifest[key]!.file), 0);
    const landing = rows[0]!;
    const heaviest = rows.filter((r) => r.signedIn).sort((a, b) => b.bytes - a.bytes)[0]!;
    const kb = (bytes: number) => `${fmt(bytes / 1024, 1)} KB`;
    return {
      title: '6. UI: gzipped JS per route',
      lines: [
        `Vite production build; gzip level 9 of every JS file a first visit to the route downloads (entry ${kb(entryBytes)} included; CSS not counted).`,
        '',
        ...table(['route', 'gzipped JS', 'note'], rows.map((r) => [r.path, kb(r.bytes), r.missing.length ? `chunk not found: ${r.missing.join(', ')}` : ''])),
      ],
      targets: [
        { target: 'UI: landing page ≤ 150 KB', measured: kb(landing.bytes), met: landing.bytes <= 150 * 1024 && landing.missing.length === 0 },
        { target: 'UI: heaviest signed-in route ≤ 350 KB', measured: `${kb(heaviest.bytes)} (${heaviest.path})`, met: heaviest.bytes <= 350 * 1024 },
      ],
    };
  } finally {
    out.dispose();
  }
}
