import { timestamp } from 'drizzle-orm/pg-core';

/** Timestamps are stored with time zone so every instance and client agrees on the instant. */
export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const createdAt = () => tstz('created_at').defaultNow().notNull();
export const updatedAt = () =>
  tstz('updated_at')
    .defaultNow()
    .$onUpdate(() => new Date())
    .notNull();
