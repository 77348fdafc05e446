import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SelectOptions } from '#client/components/select-options.tsx';

describe('SelectOptions', () => {
  it('lists the empty choice first, then one option per item', () => {
    render(
      <select aria-label="Project" defaultValue="">
        <SelectOptions
          empty="All projects"
          options={[
            { value: 'p1', label: 'Spring sale' },
            { value: 'p2', label: 'Launch' },
          ]}
        />
      </select>,
    );
    const options = screen.getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((o) => [o.value, o.textContent])).toEqual([
      ['', 'All projects'],
      ['p1', 'Spring sale'],
      ['p2', 'Launch'],
    ]);
    expect(screen.getByRole('combobox', { name: 'Project' })).toHaveProperty('value', '');
  });
});
