import { DEFAULT_BUTTON_VALUES, type ButtonType, type ButtonValue } from '@backlay/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { buttonValues } from './schema.ts';
import type { Db, Executor } from '../../db/store.ts';

const TYPES: readonly ButtonType[] = ['Game', 'Casino'];

/** Quick-stake buttons: every user has Game and Casino rows, values in whole rupees on the wire. */
export function createStakesService(db: Db) {
  return {
    async list(userId: number, tx: Executor = db): Promise<ButtonValue[]> {
      const rows = await tx
        .select()
        .from(buttonValues)
        .where(eq(buttonValues.userId, userId))
        .orderBy(asc(buttonValues.type), asc(buttonValues.sortOrder));
      // Game first, then Casino, as the modal's tabs.
      rows.sort((a, b) => TYPES.indexOf(a.type) - TYPES.indexOf(b.type));
      return rows.map((r) => ({
        button_name: r.buttonName,
        button_value: r.stakePaise / 100,
        type: r.type,
      }));
    },

    /** The default rows for a new user (contract DEFAULT_BUTTON_VALUES). */
    async seedDefaults(tx: Executor, userId: number) {
      const rows = TYPES.flatMap((type) =>
        DEFAULT_BUTTON_VALUES[type].map((value, i) => ({
          userId,
          type,
          sortOrder: i,
          buttonName: value.toLocaleString('en-IN'),
          stakePaise: value * 100,
        })),
      );
      await tx.insert(buttonValues).values(rows);
    },

    /** Replaces, in one transaction, the user's rows of every type present in `rows`. */
    async replace(userId: number, rows: ButtonValue[]): Promise<ButtonValue[]> {
      const types = [...new Set(rows.map((r) => r.type))];
      return db.transaction(async (tx) => {
        await tx
          .delete(buttonValues)
          .where(and(eq(buttonValues.userId, userId), inArray(buttonValues.type, types)));
        const order: Record<string, number> = {};
        await tx.insert(buttonValues).values(
          rows.map((r) => ({
            userId,
            type: r.type,
            sortOrder: (order[r.type] = (order[r.type] ?? -1) + 1),
            buttonName: r.button_name,
            stakePaise: r.button_value * 100,
          })),
        );
        return this.list(userId, tx);
      });
    },
  };
}
export type StakesService = ReturnType<typeof createStakesService>;
