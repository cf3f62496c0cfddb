import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = import.meta.dirname;
const apiTarget = process.env.API_URL ?? 'http://localhost:8787';

export default defineConfig({
  root,
  plugins: [react()],
  resolve: { alias: { '@shared': resolve(root, '../shared') } },
  build: {
    outDir: resolve(root, '../dist/dashboard'),
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 700,
  },
  server: {
    proxy: {
      '/auth': apiTarget,
      '/question-tracker/v1': apiTarget,
      '/question-tracker/v2': apiTarget,
      '/healthz': apiTarget,
    },
  },
});
