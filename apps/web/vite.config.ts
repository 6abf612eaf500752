import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { browserCheckPlugin } from './browser-check/plugin';

// The server (apps/server) serves dist/ with a fallback to index.html for every non-API path; in
// development Vite serves the app and forwards API calls to a server started on port 8080.
const backend = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [browserCheckPlugin(), react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/healthz': { target: backend, changeOrigin: false },
    },
  },
});
