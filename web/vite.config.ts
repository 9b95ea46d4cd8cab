// The web app's build (D41): web/ in, web/dist out, served by the API process at `/`.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from './precompress.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  plugins: [react(), precompress()],
  resolve: {
    // The one shared pure module: money rules (D45), the same code the server runs.
    alias: { '@shared': fileURLToPath(new URL('../src/domain', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    // dist/.vite/manifest.json: which chunks each screen loads (npm run bench:web reads it).
    manifest: true,
    emptyOutDir: true,
    // No inline module-preload polyfill script: the CSP allows scripts from 'self' only (D46).
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 1200,
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
  test: { include: ['src/**/*.test.ts'], environment: 'node' },
});
