import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createElement, useState, type ComponentType, type MouseEvent } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IslandTextRoot } from '#client/public/island-text.tsx';
import { startIslands, type IslandLoaders } from '#client/public/islands-start.ts';

/** A stand-in island: a link that counts the clicks it handles once live (the real one opens the login dialog). */
function Counter({ label }: { label: string }) {
  const [clicks, setClicks] = useState(0);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    setClicks((n) => n + 1);
  };
  return (
    <a href="/login" onClick={onClick}>
      {label} {clicks}
    </a>
  );
}

/** The server's markup of an island (client/public/island.tsx): its component as its own root, inside the marker. */
function serverIsland(name: string, id: string, label: string): string {
  const html = renderToString(createElement(IslandTextRoot, { text: undefined, children: createElement(Counter, { label }) }), { identifierPrefix: `${id}-` });
  return `<div data-island="${name}" data-island-id="${id}" data-props='${JSON.stringify({ label })}'>${html}</div>`;
}

function setUp(markup: string) {
  document.body.innerHTML = markup;
  const load = vi.fn(() => Promise.resolve({ default: Counter as ComponentType<never> }));
  const hydrator = vi.fn(() => import('#client/public/hydrate.tsx'));
  const loaders = { 'login-link': load, 'auth-panel': load, 'contact-form': load, 'password-reset': load } satisfies IslandLoaders;
  startIslands(document, loaders, hydrator);
  return { load, hydrator };
}

afterEach(() => {
  document.body.innerHTML = '';
  delete document.documentElement.dataset.islands;
});

describe('the public pages’ islands', () => {
  it('leave a login link a plain link, loading nothing, until it is used', () => {
    const { load, hydrator } = setUp(serverIsland('login-link', 'header-login', 'Log in'));
    expect(document.documentElement.dataset.islands).toBe('ready');
    expect(load).not.toHaveBeenCalled();
    expect(hydrator).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Log in 0' }).closest('[data-island]')?.getAttribute('data-hydrated')).toBeNull();
  });

  it('hold a click that comes before the link is live, and give it to the live link once', async () => {
    const { load } = setUp(serverIsland('login-link', 'header-login', 'Log in'));
    // A tap: no pointer over the link before its click (fireEvent answers false when the default was prevented: not followed).
    expect(fireEvent.click(screen.getByRole('link', { name: 'Log in 0' }))).toBe(false);
    await screen.findByRole('link', { name: 'Log in 1' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('bring a login link to life under the pointer, and its clicks reach the live link', async () => {
    const { load } = setUp(serverIsland('login-link', 'header-login', 'Log in'));
    const user = userEvent.setup();
    await user.hover(screen.getByRole('link', { name: 'Log in 0' }));
    expect(load).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('link', { name: 'Log in 0' }));
    await screen.findByRole('link', { name: 'Log in 1' });
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Log in 1' }).closest('[data-island]')?.getAttribute('data-hydrated')).toBe('true');
    await user.click(screen.getByRole('link', { name: 'Log in 1' }));
    await screen.findByRole('link', { name: 'Log in 2' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('bring a login link to life on keyboard focus, and Enter reaches it', async () => {
    const { load } = setUp(serverIsland('login-link', 'header-start', 'Start free'));
    const user = userEvent.setup();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Start free 0' }));
    expect(load).toHaveBeenCalledTimes(1);
    await user.keyboard('{Enter}');
    await screen.findByRole('link', { name: 'Start free 1' });
  });

  it('let a modified click through to the browser before the link is live (a new tab opens the link)', () => {
    setUp(serverIsland('login-link', 'header-login', 'Log in'));
    const link = screen.getByRole('link', { name: 'Log in 0' });
    // fireEvent answers false when the event's default was prevented.
    expect(fireEvent.click(link, { ctrlKey: true })).toBe(true);
    expect(fireEvent.click(link, { button: 1 })).toBe(true);
  });

  it('hydrate the other islands (the forms) at once, each alone', async () => {
    const { load } = setUp(serverIsland('contact-form', 'contact', 'Send') + serverIsland('login-link', 'footer-start', 'Start'));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Send 0' }).closest('[data-island]')?.getAttribute('data-hydrated')).toBe('true'));
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Start 0' }).closest('[data-island]')?.getAttribute('data-hydrated')).toBeNull();
  });
});
