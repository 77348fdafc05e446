import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MessageAlert } from '#client/components/message-alert.tsx';

describe('MessageAlert', () => {
  it('shows nothing while there is no message', () => {
    const { container } = render(<MessageAlert message={null} />);
    expect(container.innerHTML).toBe('');
  });

  it('announces an error at once', () => {
    render(<MessageAlert message="The invite could not be sent." className="mb-3" />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('The invite could not be sent.');
    expect(alert.className).toContain('mb-3');
  });

  it('gives a warning its title', () => {
    render(<MessageAlert message="2 files are used by a page." tone="warning" title="Some files were kept" />);
    expect(screen.getByRole('alert').textContent).toBe('Some files were kept2 files are used by a page.');
  });
});
