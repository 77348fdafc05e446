import { useT } from '#client/lib/i18n-context.tsx';
/** What a half-typed hex colour field says (see `useHexDraft`), under the field; `id` is what the field's aria-describedby names. */
export function HexColourError({ id, invalid }: { id: string; invalid: boolean }) {
  const t = useT();
  if (!invalid) return null;
  return (
    <p id={id} className="mt-1 text-xs text-red-700 dark:text-red-400">
      {t('colour.invalid')}
    </p>
  );
}
