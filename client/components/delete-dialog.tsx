import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
import { useToast } from '#client/components/toast.tsx';
import { errorMessage } from '#client/lib/http.ts';
import { useT } from '#client/lib/i18n-context.tsx';

/**
 * Asks before deleting one item of a list, deletes it and says how it went: the list
 * screens delete the same way (a pending button, a toast either way, the dialog closes
 * whatever happened). Open while `item` is set; once deleted, the item leaves `list`.
 */
export function DeleteDialog<T extends { id: string; name: string }>({
  item,
  list,
  confirmLabel,
  failure,
  remove,
  onClose,
  children,
}: {
  item: T | null;
  /** The loaded list the item is shown in (usePaged's). */
  list: { patch: (map: (item: T) => T | null) => void };
  confirmLabel: string;
  /** The toast when the deletion fails (the server's own message wins). */
  failure: string;
  remove: (item: T) => Promise<unknown>;
  onClose: () => void;
  children: ReactNode;
}) {
  const toast = useToast();
  const t = useT();
  const [pending, setPending] = useState(false);
  return (
    <ConfirmDialog
      open={item !== null}
      title={t('delete.title', { name: item?.name ?? '' })}
      confirmLabel={confirmLabel}
      pending={pending}
      onCancel={onClose}
      onConfirm={async () => {
        if (!item) return;
        setPending(true);
        try {
          await remove(item);
          list.patch((i) => (i.id === item.id ? null : i));
          toast({ tone: 'success', message: t('delete.done', { name: item.name }) });
        } catch (e) {
          toast({ tone: 'error', message: errorMessage(e, failure) });
        } finally {
          setPending(false);
          onClose();
        }
      }}
    >
      {children}
    </ConfirmDialog>
  );
}
