import type { ReactNode } from 'react';
import { EmptyState } from '#client/components/empty-state.tsx';
import { PageHeader } from '#client/components/page-header.tsx';

/**
 * The frame of a screen whose feature has not landed yet: its real title and an honest
 * empty state saying what will be here, instead of fake content.
 */
export function ComingSoon({
  title,
  description,
  icon,
  emptyTitle,
  children,
}: {
  title: string;
  description: string;
  icon: ReactNode;
  emptyTitle: string;
  children: ReactNode;
}) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <EmptyState icon={icon} title={emptyTitle}>
        {children}
      </EmptyState>
    </>
  );
}
