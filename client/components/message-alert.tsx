import type { ComponentProps, ReactNode } from 'react';
import { Alert } from '#client/components/alert.tsx';

/**
 * An alert that is there only while there is something to say: the message a screen keeps in
 * state (an error, a refusal) and clears. Its own module, not alert.tsx: the public pages'
 * islands load Alert and need none of this.
 */
export function MessageAlert({
  message,
  tone = 'danger',
  title,
  className,
}: {
  message: ReactNode;
  tone?: ComponentProps<typeof Alert>['tone'];
  title?: string;
  className?: string;
}) {
  if (!message) return null;
  return (
    <Alert tone={tone} title={title} className={className}>
      {message}
    </Alert>
  );
}
