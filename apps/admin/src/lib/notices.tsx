/**
 * Short notices after an action ("Market 12 suspended", or the server's refusal), in one polite
 * live region at the bottom of the screen. Longer than the bettor's toasts: an operator reads
 * what happened before the next action.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';

export const NOTICE_MS = 6_000;

type Notice = { id: number; kind: 'ok' | 'error'; text: string };
type Notify = (kind: Notice['kind'], text: string) => void;

const NoticeContext = createContext<Notify>(() => {});

export function NoticeProvider({ children }: { children: ReactNode }) {
  const [notices, setNotices] = useState<Notice[]>([]);
  const next = useRef(0);
  // Each notice's timer, so none outlives the console: a late dismissal would set state on an
  // unmounted tree.
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setNotices((list) => list.filter((n) => n.id !== id));
  }, []);
  const notify = useCallback<Notify>(
    (kind, text) => {
      const id = ++next.current;
      setNotices((list) => [...list.slice(-3), { id, kind, text }]);
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), NOTICE_MS),
      );
    },
    [dismiss],
  );
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);
  const value = useMemo(() => notify, [notify]);
  return (
    <NoticeContext.Provider value={value}>
      {children}
      <div className="notices" role="status" aria-live="polite">
        {notices.map((n) => (
          <div key={n.id} className={`notice notice--${n.kind}`}>
            <span>{n.text}</span>
            <button
              type="button"
              className="notice__close"
              aria-label="Dismiss"
              onClick={() => dismiss(n.id)}
            >
              ×
            </button>
          </div>
        ))}
      </div>
    </NoticeContext.Provider>
  );
}

export const useNotify = () => useContext(NoticeContext);
