import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API and Socket.IO run on :3000 in development; in production the API
// process serves ui/dist itself, so every call is same-origin.
const apiTarget = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
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
