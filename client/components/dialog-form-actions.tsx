import type { ReactNode } from 'react';
import { Button } from '#client/components/button.tsx';
import { useT } from '#client/lib/i18n-context.tsx';

/** The foot of a form in a dialog: Cancel (closes it), then the submit button (`children`, its label) with its pending label. */
export function DialogFormActions({
  onCancel,
  pending,
  pendingLabel,
  children,
}: {
  onCancel: () => void;
  pending: boolean;
  pendingLabel: string;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <div className="flex flex-wrap justify-end gap-3 pt-2">
      <Button variant="secondary" onClick={onCancel}>
        {t('action.cancel')}
      </Button>
      <Button type="submit" pending={pending} pendingLabel={pendingLabel}>
        {children}
      </Button>
    </div>
  );
}
