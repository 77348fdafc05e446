import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PartsEditorPanels } from '#client/components/editor/editor-panels.tsx';

describe('PartsEditorPanels', () => {
  it('shows the document settings while no part is selected', () => {
    render(<PartsEditorPanels listLabel="Sections" list={<p>List</p>} preview={<p>Page</p>} selected={null} onDeselect={() => {}} settings={<p>Theme</p>} />);
    expect(screen.getByRole('complementary', { name: 'Sections' }).textContent).toBe('List');
    expect(screen.getByRole('region', { name: 'Preview' }).textContent).toBe('Page');
    expect(screen.getByRole('complementary', { name: 'Properties' }).textContent).toBe('Theme');
  });

  it('shows the selected part’s form, closed by its button', async () => {
    const onDeselect = vi.fn();
    const user = userEvent.setup();
    render(
      <PartsEditorPanels
        listLabel="Sections"
        list={null}
        preview={null}
        selected={{ id: 's1', title: 'Hero', closeLabel: 'Close the section’s properties (Escape)', form: <p>Hero form</p> }}
        onDeselect={onDeselect}
        settings={<p>Theme</p>}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Hero' })).toBeTruthy();
    expect(screen.queryByText('Theme')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Close the section’s properties (Escape)' }));
    expect(onDeselect).toHaveBeenCalled();
  });
});
