import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useT } from '#client/lib/i18n-context.tsx';

export interface Toast {
  id: number;
  tone: 'success' | 'error' | 'info';
  message: string;
  action?: { label: string; href: string };
}

type Push = (toast: Omit<Toast, 'id'>) => void;
const ToastContext = createContext<Push>(() => {});

/** Finished work announces itself (DESIGN.md): a polite live region, dismissed after a few seconds. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const t = useT();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  // The dismissal timers end with the provider: none may fire into an unmounted tree.
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);
  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((all) => all.filter((t) => t.id !== id));
  }, []);
  const push = useCallback<Push>(
    (toast) => {
      const id = next.current++;
      setToasts((all) => [...all.slice(-3), { ...toast, id }]);
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), toast.tone === 'error' ? 8000 : 5000),
      );
    },
    [dismiss],
  );
  const value = useMemo(() => push, [push]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div aria-live="polite" className="pointer-events-none fixed right-4 bottom-4 z-50 flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2">
        {toasts.map((toast) => (
          <div
            key={toast.id}
            role={toast.tone === 'error' ? 'alert' : 'status'}
            className={`pointer-events-auto flex items-start gap-3 rounded-[var(--radius-card)] border px-4 py-3 text-sm shadow-lg ${
              toast.tone === 'error'
                ? 'border-red-200 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100'
                : 'border-zinc-200 bg-white text-zinc-900 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100'
            }`}
          >
            <p className="flex-1">{toast.message}</p>
            {toast.action ? (
              <a className="font-medium text-accent-700 underline dark:text-accent-200" href={toast.action.href}>
                {toast.action.label}
              </a>
            ) : null}
            <button
              type="button"
              className="text-zinc-500 hover:text-zinc-900 dark:hover:text-white"
              aria-label={t('action.dismiss')}
              onClick={() => dismiss(toast.id)}
            >
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): Push {
  return useContext(ToastContext);
}
