import zlib from 'node:zlib';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { browserCheckPlugin } from './browser-check/plugin';

// The server (apps/server) serves dist/ with a fallback to index.html for every non-API path; in
// development Vite serves the app and forwards API calls to a server started on port 8080.
const backend = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [
    browserCheckPlugin(),
    react(),
    // Brotli (highest quality) and gzip copies of each file over 1 KiB, written once at build time;
    // the server sends them as they are to browsers that accept them (server http/web-app.ts).
    // Source maps are left out: only developer tools fetch them, compressed on the fly.
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      threshold: 1024,
      exclude: [/\.map$/],
      logLevel: 'silent',
    }),
  ],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/healthz': { target: backend, changeOrigin: false },
    },
  },
});
