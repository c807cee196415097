import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w @backlay/server` writes a SQL migration for every schema change.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/db/schema.ts', './src/modules/*/schema.ts'],
  out: './drizzle',
});
