import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TitledSection } from '#client/components/titled-section.tsx';

describe('TitledSection', () => {
  it('is a region named by its heading, with its actions and content', () => {
    render(
      <TitledSection headingId="leads-heading" title="Leads" actions={<button type="button">Download CSV</button>}>
        <p>No leads yet</p>
      </TitledSection>,
    );
    const region = screen.getByRole('region', { name: 'Leads' });
    expect(region.querySelector('h2')?.id).toBe('leads-heading');
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeTruthy();
    expect(region.textContent).toContain('No leads yet');
  });
});
