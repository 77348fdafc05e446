import { useState, type FormEvent } from 'react';
import type { CalendarEntry } from '#common/schemas/calendar.ts';
import { fromZonedInput, toZonedInput } from '#common/time-zone.ts';
import { Button } from '#client/components/button.tsx';
import { Dialog } from '#client/components/dialog.tsx';
import { TextField } from '#client/components/field.tsx';
import { useT } from '#client/lib/i18n-context.tsx';

/** "Move…": a post's new date and time on the user's clock (the keyboard's and the phone's way to move a post). */
export function MoveDialog({
  entry,
  zone,
  onMove,
  onClose,
}: {
  entry: CalendarEntry | null;
  zone: string;
  onMove: (entry: CalendarEntry, at: Date) => void;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <Dialog open={entry !== null} title={entry ? t('calendar.moveTitle', { name: entry.adName }) : ''} onClose={onClose}>
      {entry ? <MoveForm key={entry.postId} entry={entry} zone={zone} onMove={onMove} onClose={onClose} /> : null}
    </Dialog>
  );
}

function MoveForm({
  entry,
  zone,
  onMove,
  onClose,
}: {
  entry: CalendarEntry;
  zone: string;
  onMove: (entry: CalendarEntry, at: Date) => void;
  onClose: () => void;
}) {
  const t = useT();
  const [value, setValue] = useState(() => toZonedInput(entry.at, zone));
  const [error, setError] = useState<string | undefined>();
  function submit(event: FormEvent) {
    event.preventDefault();
    const at = fromZonedInput(value, zone);
    if (!at) return setError(t('calendar.moveAt'));
    onClose();
    if (at.getTime() !== Date.parse(entry.at)) onMove(entry, at);
  }
  return (
    <form onSubmit={submit} noValidate>
      <TextField
        label={t('calendar.moveAt')}
        type="datetime-local"
        value={value}
        min={toZonedInput(new Date(), zone)}
        onChange={(event) => {
          setValue(event.target.value);
          setError(undefined);
        }}
        error={error}
        hint={t('calendar.timeZone', { zone })}
        required
      />
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="secondary" onClick={onClose}>
          {t('action.cancel')}
        </Button>
        <Button type="submit">{t('calendar.moveSubmit')}</Button>
      </div>
    </form>
  );
}
