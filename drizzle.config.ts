import { defineConfig } from 'drizzle-kit';

// drizzle-kit only generates SQL from the schema; the app applies the migrations itself at start-up.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/index.ts',
  out: './drizzle',
});
