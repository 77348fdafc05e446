import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '#client/components/alert.tsx';
import { ProgressBar } from '#client/components/progress-bar.tsx';
import { useT } from '#client/lib/i18n-context.tsx';

/*
 * The feedback of paid, one-shot actions (a render), on their own so that the playground uses
 * them without loading the editor's dialogs.
 */

/** An error of a paid action; when credits ran out, the way to get more. */
export function SpendError({ error, className }: { error: { message: string; credits: boolean }; className?: string }) {
  const t = useT();
  return (
    <Alert tone="danger" {...(className ? { className } : {})}>
      {error.message}{' '}
      {error.credits ? (
        <Link to="/account/credits" className="font-medium underline">
          {t('creativeEditor.getCredits')}
        </Link>
      ) : null}
    </Alert>
  );
}

/**
 * The progress of a request that answers in one go (a render): it eases towards 90 % while
 * the work runs and completes when it succeeds; null when nothing runs. Its timers end with the
 * component: work that settles after an unmount changes nothing.
 */
export function useWaitProgress(): { progress: number | null; track: <T>(work: () => Promise<T>) => Promise<T> } {
  const [progress, setProgress] = useState<number | null>(null);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const mounted = useRef(true);
  useEffect(() => {
    const pending = timers.current;
    mounted.current = true;
    return () => {
      mounted.current = false;
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);
  const track = useCallback(async <T,>(work: () => Promise<T>): Promise<T> => {
    setProgress(0.05);
    const ticking = setInterval(() => setProgress((p) => (p === null ? p : p + (0.9 - p) * 0.12)), 150);
    timers.current.add(ticking);
    try {
      const result = await work();
      if (mounted.current) setProgress(1);
      return result;
    } finally {
      clearInterval(ticking);
      timers.current.delete(ticking);
      if (mounted.current) {
        const done = setTimeout(() => {
          timers.current.delete(done);
          setProgress(null);
        }, 300);
        timers.current.add(done);
      }
    }
  }, []);
  return { progress, track };
}

/** The bar of `useWaitProgress`. */
export function RenderProgress({ progress }: { progress: number }) {
  const t = useT();
  return <ProgressBar label={t('creativeEditor.render.progress')} value={Math.round(progress * 100)} className="w-full" />;
}
