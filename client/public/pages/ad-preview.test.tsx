import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { decisionsFor } from '#common/ads.ts';
import { AdPreviewPage, type AdPreviewProps } from '#client/public/pages/ad-preview.tsx';

/** The review form of the preview page as each reviewer meets it (the worker renders it; worker/features/ads/preview). */
function props(member: AdPreviewProps['member']): AdPreviewProps {
  return {
    previewId: 'AbCdEfGhIjKlMnOpQrStUv',
    name: 'Spring sale',
    projectName: 'Northwind Coffee',
    status: 'in_review',
    revision: 3,
    placements: ['instagram_feed'],
    ad: {
      kind: 'single',
      pageName: 'Northwind',
      handle: 'northwind',
      avatarUrl: null,
      primaryText: 'Fresh beans',
      headline: 'Spring blend',
      description: '',
      cta: 'shop_now',
      destinationUrl: 'https://northwind.example',
      items: [{ url: '/preview/AbCdEfGhIjKlMnOpQrStUv/image/0', width: 1080, height: 1080, alt: 'Spring sale' }],
    },
    reviews: [],
    form: {},
    member,
    decisions: decisionsFor(member?.role ?? null),
  };
}

const reviewForm = () => screen.getByRole('button', { name: /Comment/ }).closest('form')!;

describe('the preview page’s review form', () => {
  it('offers a viewer only the comment: no name to give, no approve or request-changes button', () => {
    render(<AdPreviewPage {...props({ name: 'Vera Viewer', role: 'viewer' })} />);
    const form = within(reviewForm());
    expect(form.getByText(/You review as/).textContent).toContain('Vera Viewer, viewer of this project.');
    expect(form.getAllByRole('button').map((b) => [b.textContent, b.getAttribute('value')])).toEqual([['Comment', 'comment']]);
    expect(form.queryByLabelText('Your name')).toBeNull();
    expect(screen.getByText('No reviews yet. Leave a comment below.')).toBeTruthy();
  });

  it('offers an editor every decision under their own name', () => {
    render(<AdPreviewPage {...props({ name: 'Ed Editor', role: 'editor' })} />);
    const form = within(reviewForm());
    expect(form.getByText(/You review as/).textContent).toContain('Ed Editor, editor of this project.');
    expect(form.getAllByRole('button').map((b) => b.getAttribute('value'))).toEqual(['approve', 'request_changes', 'comment']);
    expect(form.queryByLabelText('Your name')).toBeNull();
  });

  it('asks a visitor (the customer) for a name and offers every decision', () => {
    render(<AdPreviewPage {...props(null)} />);
    const form = within(reviewForm());
    expect(form.getByLabelText('Your name')).toBeTruthy();
    expect(form.queryByText(/You review as/)).toBeNull();
    expect(form.getAllByRole('button').map((b) => b.textContent)).toEqual(['Approve', 'Request changes', 'Comment only']);
  });
});
