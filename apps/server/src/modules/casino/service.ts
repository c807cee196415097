import type { CasinoSport } from '@backlay/contract';
import { asc, eq } from 'drizzle-orm';
import { casinoSports } from '../catalog/schema.ts';
import type { Db } from '../../db/store.ts';

export function createCasinoService(db: Db) {
  return {
    async sports(): Promise<CasinoSport[]> {
      const rows = await db
        .select()
        .from(casinoSports)
        .where(eq(casinoSports.isActive, true))
        .orderBy(asc(casinoSports.sortOrder), asc(casinoSports.sportId));
      return rows.map((r) => ({
        sport_id: r.sportId,
        name: r.name,
        is_active: r.isActive ? 1 : 0,
        order: r.sortOrder,
        category: r.category,
      }));
    },
  };
}
export type CasinoService = ReturnType<typeof createCasinoService>;
