/** Columns many tables declare alike. */
import { sql } from 'drizzle-orm';
import { uuid } from 'drizzle-orm/pg-core';

/** A uuid primary key the database generates. */
export const generatedId = () =>
  uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`);
