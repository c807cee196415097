// The game pages' sessions: what a page holds after its launch token was exchanged with the
// wallet (the player and the wallet's session id). In memory: after a restart the page asks the
// player to open the game again from the lobby (a new launch token), as real providers do.
import { randomBytes } from 'node:crypto';

export const PAGE_SESSIONS_MAX = 10_000;
export const PAGE_SESSION_IDLE_MS = 30 * 60 * 1000;

export interface PageSession {
  readonly id: string;
  readonly player_id: string;
  readonly session_id: string;
  readonly game_id: string;
  readonly display_name: string;
  last_used_ms: number;
  /** A spin is being played: a second one waits for it to end. */
  busy: boolean;
}

export class PageSessions {
  private readonly byId = new Map<string, PageSession>();

  create(fields: Omit<PageSession, 'id' | 'last_used_ms' | 'busy'>, now_ms: number): PageSession {
    this.sweep(now_ms);
    if (this.byId.size >= PAGE_SESSIONS_MAX) {
      // Full: the least recently used goes (Map keeps insertion order; touch re-inserts).
      const oldest = this.byId.keys().next().value;
      if (oldest !== undefined) this.byId.delete(oldest);
    }
    const session: PageSession = {
      ...fields,
      id: randomBytes(24).toString('base64url'),
      last_used_ms: now_ms,
      busy: false,
    };
    this.byId.set(session.id, session);
    return session;
  }

  get(id: unknown, now_ms: number): PageSession | null {
    if (typeof id !== 'string') return null;
    const session = this.byId.get(id);
    if (session === undefined || now_ms - session.last_used_ms > PAGE_SESSION_IDLE_MS) return null;
    session.last_used_ms = now_ms;
    this.byId.delete(id);
    this.byId.set(id, session);
    return session;
  }

  private sweep(now_ms: number): void {
    for (const [id, s] of this.byId) {
      if (now_ms - s.last_used_ms <= PAGE_SESSION_IDLE_MS) break;
      this.byId.delete(id);
    }
  }
}
