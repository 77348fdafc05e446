import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MoveButtons } from '#client/components/editor/move-buttons.tsx';
import { SaveIndicator } from '#client/components/editor/save-indicator.tsx';
import { UndoButtons } from '#client/components/editor/undo-buttons.tsx';
import { startI18n } from '#client/lib/i18n.tsx';
import { I18nRoot } from '#client/lib/i18n-root.tsx';

describe('the editor chrome in German', () => {
  it('says how the save stands, and names undo, redo and the move buttons', async () => {
    const i18n = await startI18n('de', ['editor']);
    const { rerender } = render(
      <I18nRoot i18n={i18n}>
        <SaveIndicator state="saving" />
        <UndoButtons history={{ past: [1], present: 2, future: [] } as never} dispatch={() => {}} />
        <MoveButtons label="Frage 2" index={1} count={3} onMove={() => {}} onRemove={() => {}} />
      </I18nRoot>,
    );
    expect(screen.getByRole('status').textContent).toBe('Wird gespeichert …');
    expect(screen.getByRole('button', { name: 'Rückgängig' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('button', { name: 'Wiederholen' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Frage 2 nach oben' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Frage 2 entfernen' })).toBeTruthy();
    rerender(
      <I18nRoot i18n={i18n}>
        <SaveIndicator state="error" onRetry={() => {}} />
      </I18nRoot>,
    );
    expect(screen.getByText('Nicht gespeichert')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeTruthy();
  });
});
