import { CalendarPlus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#client/components/button.tsx';
import { useToast } from '#client/components/toast.tsx';
import { useFormat, type Format } from '#client/lib/format.ts';
import { errorMessage } from '#client/lib/http.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { presentationsApi } from '#client/features/presentations/api.ts';
import type { Presentation, PresentationSummary } from '#client/features/presentations/model.ts';

const DAY_MS = 86_400_000;
/** How soon before its expiry a presentation offers "Extend 30 days". */
const SOON_MS = 7 * DAY_MS;

/** Whether to offer "Extend 30 days": expired, or expiring within a week (a visitor may have asked for a new link). */
export function extendable(presentation: Pick<PresentationSummary, 'expiresAt'>, now = Date.now()): boolean {
  return presentation.expiresAt !== null && Date.parse(presentation.expiresAt) - now < SOON_MS;
}

/** What the author is told once it is extended (here and in the list). */
export function extendedMessage(t: ReturnType<typeof useT>, format: Format, detail: Pick<Presentation, 'expiresAt'>): string {
  if (!detail.expiresAt) return t('presentations.extend.doneOpen');

  return t('presentations.extend.done', { date: format.date(detail.expiresAt, 'dateTime') });
}

/**
 * "Extend 30 days" (the link in the "asked for a new link" email leads to the editor that shows
 * it): 30 days more from now or from its expiry, whichever is later; the same link works again.
 */
export function ExtendButton({
  presentation,
  onExtended,
  now,
}: {
  presentation: Pick<PresentationSummary, 'id' | 'expiresAt'>;
  onExtended: (detail: Presentation) => void;
  now?: number;
}) {
  const t = useT();
  const format = useFormat();
  const toast = useToast();
  const [pending, setPending] = useState(false);
  if (!extendable(presentation, now)) return null;
  const extend = async () => {
    setPending(true);
    try {
      const detail = await presentationsApi.extend(presentation.id);
      onExtended(detail);
      toast({ tone: 'success', message: extendedMessage(t, format, detail) });
    } catch (error) {
      toast({ tone: 'error', message: errorMessage(error, t('presentations.list.extendFailed')) });
    } finally {
      setPending(false);
    }
  };
  return (
    <Button size="sm" variant="secondary" onClick={() => void extend()} pending={pending} pendingLabel={t('presentations.extend.pending')}>
      <CalendarPlus className="size-4" aria-hidden="true" /> {t('presentations.extend.button')}
    </Button>
  );
}
