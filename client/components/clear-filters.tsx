import type { ReactNode } from 'react';
import { Button } from '#client/components/button.tsx';
import { EmptyState } from '#client/components/empty-state.tsx';
import { useT } from '#client/lib/i18n-context.tsx';

/** The filter bar's way back to the whole list, shown while a filter is set. */
export function ClearFiltersButton({ onClear }: { onClear: () => void }) {
  const t = useT();
  return (
    <Button variant="ghost" size="sm" onClick={onClear}>
      {t('list.clearFilters')}
    </Button>
  );
}

/** A filtered list that came back empty: says so, and offers to clear the filters. */
export function NoMatches({ icon, onClear, children }: { icon?: ReactNode; onClear: () => void; children: ReactNode }) {
  const t = useT();
  return (
    <EmptyState
      icon={icon}
      title={t('list.nothingMatches')}
      action={
        <Button variant="secondary" onClick={onClear}>
          {t('list.clearFilters')}
        </Button>
      }
    >
      {children}
    </EmptyState>
  );
}

/**
 * A list that came back empty: with filters set, `NoMatches` saying `noMatches`; without, the
 * list's own empty state (what will be here, and where to start).
 */
export function EmptyList({
  filtered,
  icon,
  onClear,
  noMatches,
  title,
  action,
  children,
}: {
  filtered: boolean;
  icon: ReactNode;
  onClear: () => void;
  noMatches: ReactNode;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return filtered ? (
    <NoMatches icon={icon} onClear={onClear}>
      {noMatches}
    </NoMatches>
  ) : (
    <EmptyState icon={icon} title={title} action={action}>
      {children}
    </EmptyState>
  );
}
