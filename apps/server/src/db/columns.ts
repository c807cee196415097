// Column types every schema shares: money is integer paise (bigint read as a JS number: a paise
// amount stays far below 2^53), timestamps are timestamptz read as Date.
import { bigint, timestamp } from 'drizzle-orm/pg-core';

export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const paise = (name: string) => bigint(name, { mode: 'number' });
