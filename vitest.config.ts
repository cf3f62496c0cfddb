import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = { '@shared': resolve(import.meta.dirname, 'shared') };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: 'shared', include: ['shared/**/*.test.ts'], environment: 'node' },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          include: ['api/**/*.test.ts', 'tests/security/**/*.test.ts'],
          globalSetup: ['api/testing-setup.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: { name: 'dashboard', include: ['dashboard/**/*.test.{ts,tsx}'], environment: 'happy-dom' },
      },
      {
        resolve: { alias },
        test: { name: 'extension', include: ['extension/**/*.test.ts'], environment: 'happy-dom' },
      },
    ],
  },
});
