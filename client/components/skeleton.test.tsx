import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RowsSkeleton } from '#client/components/skeleton.tsx';

describe('RowsSkeleton', () => {
  it('announces three loading rows, with a thumbnail when asked', () => {
    const { rerender } = render(<RowsSkeleton label="Loading pages" />);
    const status = screen.getByRole('status', { name: 'Loading pages' });
    expect(status.children).toHaveLength(3);
    expect(status.querySelectorAll('.size-16')).toHaveLength(0);
    rerender(<RowsSkeleton label="Loading ads" thumbnail />);
    expect(screen.getByRole('status', { name: 'Loading ads' }).querySelectorAll('.size-16')).toHaveLength(3);
  });
});
