import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TEMPLATE_IDS } from '#common/creative/template-ids.ts';
import { playgroundTemplates, TemplateGallery } from '#client/features/creatives/playground-gallery.tsx';

function box(el: Element): [string, string] {
  const style = (el as HTMLElement).style;
  return [style.width, style.height];
}

describe("the playground's template gallery", () => {
  it('names every template at once and takes a pick, by click or keyboard, while the templates load (a placeholder of the preview’s size in each)', async () => {
    const onPick = vi.fn();
    render(<TemplateGallery tools={undefined} current="photo-overlay" images={{}} hasPicture={false} onPick={onPick} />);
    const group = screen.getByRole('radiogroup', { name: 'Template' });
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(TEMPLATE_IDS.length);
    expect(within(group).getByRole('radio', { name: 'Photo with overlay' }).getAttribute('aria-checked')).toBe('true');
    expect(within(group).queryAllByRole('img')).toEqual([]);
    for (const radio of radios) expect(box(radio.firstElementChild!)).toEqual(['72px', '72px']);

    await userEvent.click(within(group).getByRole('radio', { name: 'Gradient promo' }));
    expect(onPick).toHaveBeenLastCalledWith('gradient-promo');
    within(group).getByRole('radio', { name: 'Bold headline' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(onPick).toHaveBeenLastCalledWith('bold-headline');
  });

  it('draws each template’s preview in its placeholder’s place once the templates have come', async () => {
    const tools = await playgroundTemplates.load();
    render(<TemplateGallery tools={tools} current="photo-overlay" images={{}} hasPicture={false} onPick={() => undefined} />);
    const group = screen.getByRole('radiogroup', { name: 'Template' });
    for (const radio of within(group).getAllByRole('radio')) {
      const preview = within(radio).getByRole('img', { name: radio.getAttribute('aria-label')! });
      expect(box(preview)).toEqual(['72px', '72px']);
    }
  });
});
