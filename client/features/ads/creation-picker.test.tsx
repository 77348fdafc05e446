import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '#client/test/api-mock.ts';
import { creationItem } from '#client/test/ads-fixtures.tsx';
import { CreationPicker, useProjectCreations } from '#client/features/ads/creation-picker.tsx';

function Picker() {
  const list = useProjectCreations('proj_aaaaaaaaaaaaaaaa');
  const [selected, setSelected] = useState<string[]>([]);
  return <CreationPicker list={list} selected={selected} onChange={setSelected} />;
}

describe('the ad’s creation picker', () => {
  it('shows each creation as its thumbnail, named, lazy and with its size reserved', async () => {
    mockApi({
      'GET /api/creations': {
        status: 200,
        body: {
          items: [creationItem('cn_aaaaaaaaaaaaaaaa', 'Spring sale — story'), creationItem('cn_bbbbbbbbbbbbbbbb', 'Spring sale — variation 2')],
          nextCursor: null,
        },
      },
    });
    render(<Picker />);
    const first = await screen.findByRole('img', { name: 'Spring sale — story' });
    expect(first.getAttribute('src')).toBe('/api/creations/cn_aaaaaaaaaaaaaaaa/thumbnail');
    expect([first.getAttribute('width'), first.getAttribute('height'), first.getAttribute('loading')]).toEqual(['1080', '1080', 'lazy']);
    expect(screen.getByRole('img', { name: 'Spring sale — variation 2' }).getAttribute('src')).toBe('/api/creations/cn_bbbbbbbbbbbbbbbb/thumbnail');
    // Still picked by its checkbox, which says what it is.
    const option = screen.getByRole('checkbox', { name: 'Spring sale — variation 2 (1080×1080)' });
    await userEvent.click(option);
    expect((option as HTMLInputElement).checked).toBe(true);
    expect(within(option.closest('label')!).getByRole('img').getAttribute('alt')).toBe('Spring sale — variation 2');
  });
});
