// The console's tree in tests (issue 41): sign in as anyone, create masters, agents and bettors
// through admin/user/create as a given caller.
import { expect } from 'vitest';
import type { Api } from './api.ts';
import { nextRequestId } from './exchange.ts';
import type { StoreContext } from './stores.ts';

/** The password of every account these helpers create. */
export const TREE_PASSWORD = 'secret1234';

let names = 0;
/** A user name of its own. */
export const treeName = (p: string) => `${p}${++names}${Math.random().toString(36).slice(2, 6)}`;

export function treeOf(ctx: StoreContext) {
  /** A session of its own, signed in as `userName`. */
  const as = async (userName: string, password = TREE_PASSWORD) => {
    const api = ctx.api.fork();
    await api.login(userName, password);
    return api;
  };
  /** Creates an account through the console as `by`; answers its id and name. */
  async function create(
    by: Api,
    role: 'master' | 'agent' | 'bettor',
    extra: { parent_id?: number; share_pct?: number } = {},
  ) {
    const user_name = treeName(role);
    const r = await by.call('adminUserCreate', {
      user_name,
      password: TREE_PASSWORD,
      role,
      must_change_password: false,
      ...extra,
      request_id: nextRequestId('create'),
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ status: true });
    return { userId: (r.body.data as { user_id: number }).user_id, userName: user_name };
  }
  return { as, create };
}
