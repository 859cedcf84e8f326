import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** The same names as tsconfig.json's paths. */
const alias = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  '@contract': fileURLToPath(new URL('./src/contract', import.meta.url)),
  '@styled': fileURLToPath(new URL('./styled-system', import.meta.url)),
};

/**
 * `api` runs on PGlite; `api-pg` runs the same files on PostgreSQL and exists
 * only when DATABASE_URL names one (CI sets it), so both databases are tested.
 */
const pgUrl = process.env.DATABASE_URL;

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      { resolve: { alias }, test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node' } },
      {
        resolve: { alias },
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          env: { TEST_DATABASE_URL: '' },
        },
      },
      ...(pgUrl
        ? [
            {
              resolve: { alias },
              test: {
                name: 'api-pg',
                include: ['tests/api/**/*.test.ts'],
                environment: 'node',
                testTimeout: 30_000,
                hookTimeout: 60_000,
                env: { TEST_DATABASE_URL: pgUrl },
              },
            },
          ]
        : []),
    ],
  },
});
