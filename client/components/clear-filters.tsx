import type { ReactNode } from 'react';
import { Button } from '#client/components/button.tsx';
import { EmptyState } from '#client/components/empty-state.tsx';

/** The filter bar's way back to the whole list, shown while a filter is set. */
export function ClearFiltersButton({ onClear }: { onClear: () => void }) {
  return (
    <Button variant="ghost" size="sm" onClick={onClear}>
      Clear filters
    </Button>
  );
}

/** A filtered list that came back empty: says so, and offers to clear the filters. */
export function NoMatches({ icon, onClear, children }: { icon?: ReactNode; onClear: () => void; children: ReactNode }) {
  return (
    <EmptyState
      icon={icon}
      title="Nothing matches"
      action={
        <Button variant="secondary" onClick={onClear}>
          Clear filters
        </Button>
      }
    >
      {children}
    </EmptyState>
  );
}
