import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// The API and Socket.IO run on :3000 in development; in production the API
// process serves ui/dist itself, so every call is same-origin.
const apiTarget = 'http://localhost:3000';

/**
 * Recharts (the district dashboard's chart, issue 23, a lazy chunk of that page only) gets copies of its own of the
 * small modules it shares with antd. Shared, each became a chunk of its own that every route imports: 0.8 KB more on
 * the heaviest route, for about 700 bytes the chart can carry itself.
 */
const OWN_COPIES = new Set(['clsx', 'react-is']);
const ownCopiesForRecharts = (): Plugin => ({
  name: 'own-copies-for-recharts',
  enforce: 'pre',
  async resolveId(source, importer) {
    // The copy's own imports (react-is's index requires its build) are copies too.
    const copying = importer?.endsWith('?recharts') || (OWN_COPIES.has(source) && importer?.includes('/node_modules/recharts/'));
    if (!copying) return null;
    const resolved = await this.resolve(source, importer?.replace(/\?recharts$/, ''), { skipSelf: true });
    return resolved ? `${resolved.id}?recharts` : null;
  },
});

export default defineConfig({
  plugins: [react(), ownCopiesForRecharts()],
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Read by scripts/route-sizes.mjs to report what each route downloads.
    manifest: true,
    // Route chunks are reported gzipped by the build; keep the warning honest.
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      treeshake: {
        moduleSideEffects: (id: string) => (/node_modules\/(@rc-component|@ant-design)\//.test(id) && !id.endsWith('.css') ? false : undefined),
      },
    },
  },
});
