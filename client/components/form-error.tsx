import type { ReactNode } from 'react';
import { Alert } from '#client/components/alert.tsx';
import { useT } from '#client/lib/i18n-context.tsx';

/** The message a form's submission failed with, and the reference support can look up (unexpected failures only: see `referenceOf`). */
export function FormError({
  error,
  children,
  className,
}: {
  error: { message: string; requestId?: string | undefined } | null | undefined;
  children?: ReactNode;
  className?: string;
}) {
  const t = useT();
  if (!error) return null;
  return (
    <Alert tone="danger" className={className}>
      {error.message}
      {children ? <> {children}</> : null}
      {error.requestId ? <span className="mt-1 block text-xs opacity-75">{t('error.reference', { reference: error.requestId })}</span> : null}
    </Alert>
  );
}
