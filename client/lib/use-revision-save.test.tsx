import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#client/lib/http.ts';
import { AUTOSAVE_DELAY_MS, isStale, useRevisionSave } from '#client/lib/use-revision-save.ts';

type Draft = { text: string };
type Detail = { revision: number; text: string };
type Input = { baseRevision: number; text?: string; title?: string };

let hook: ReturnType<typeof useRevisionSave<Draft, Detail, { text: string }, { title: string }>>;

function Harness({
  draft,
  valid = true,
  readOnly = false,
  update,
  onSaved,
}: {
  draft: Draft;
  valid?: boolean;
  readOnly?: boolean;
  update: (input: Input) => Promise<Detail>;
  onSaved: (d: Detail) => void;
}) {
  // The tests call the hook's functions from outside: the harness hands them over as it renders.
  // eslint-disable-next-line react-hooks/globals
  hook = useRevisionSave<Draft, Detail, { text: string }, { title: string }>({
    draft,
    valid,
    readOnly,
    revision: 1,
    changes: (current) => ({ text: current.text }),
    update,
    what: 'the note',
    onSaved,
  });
  return <p role="status">{hook.saveState}</p>;
}

const state = () => screen.getByRole('status').textContent;
/** Lets time pass on the fake clock, and the requests it starts settle. */
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** A server that answers each PATCH with the next revision, or with what `fail` throws for that call. */
function server(fail: (call: number) => Error | null = () => null) {
  const calls: Input[] = [];
  const update = vi.fn(async (input: Input): Promise<Detail> => {
    calls.push(input);
    const error = fail(calls.length);
    if (error) throw error;
    return { revision: input.baseRevision + 1, text: input.text ?? '' };
  });
  return { calls, update };
}

function setup(first: Draft, api = server(), props: { valid?: boolean; readOnly?: boolean } = {}) {
  const onSaved = vi.fn<(d: Detail) => void>();
  const view = render(<Harness draft={first} update={api.update} onSaved={onSaved} {...props} />);
  const edit = (draft: Draft, next: { valid?: boolean } = {}) =>
    view.rerender(<Harness draft={draft} update={api.update} onSaved={onSaved} {...props} {...next} />);
  return { ...api, onSaved, view, edit };
}

describe('useRevisionSave', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('saves once, a moment after the last change, with the revision it builds on; the next save builds on the new one', async () => {
    const { calls, edit, onSaved } = setup({ text: '' });
    expect(state()).toBe('saved');
    edit({ text: 'a' });
    await wait(AUTOSAVE_DELAY_MS - 100);
    edit({ text: 'ab' });
    await wait(AUTOSAVE_DELAY_MS - 100);
    // Each change restarts the wait: nothing sent yet.
    expect(calls).toEqual([]);
    expect(state()).toBe('pending');
    await wait(100);
    expect(calls).toEqual([{ baseRevision: 1, text: 'ab' }]);
    expect(state()).toBe('saved');
    expect(onSaved).toHaveBeenCalledWith({ revision: 2, text: 'ab' });
    edit({ text: 'abc' });
    await wait(AUTOSAVE_DELAY_MS);
    expect(calls.at(-1)).toEqual({ baseRevision: 2, text: 'abc' });
    expect(hook.revisionRef.current).toBe(3);
  });

  it('does not send an invalid draft, and says so', async () => {
    const { calls, edit } = setup({ text: '' });
    edit({ text: 'bad' }, { valid: false });
    expect(state()).toBe('invalid');
    await wait(AUTOSAVE_DELAY_MS * 5);
    expect(calls).toEqual([]);
    expect(await act(() => hook.save())).toBe(false);
    edit({ text: 'good' }, { valid: true });
    await wait(AUTOSAVE_DELAY_MS);
    expect(calls).toEqual([{ baseRevision: 1, text: 'good' }]);
  });

  it('shows a failure with its message, does not retry in a loop, and saves on Retry', async () => {
    const { calls, edit } = setup(
      { text: '' },
      server((n) => (n === 1 ? new ApiError('internal', 'The server is down.', 500) : null)),
    );
    edit({ text: 'a' });
    await wait(AUTOSAVE_DELAY_MS);
    expect(state()).toBe('error');
    expect(hook.saveError).toBe('The server is down.');
    await wait(60_000);
    expect(calls).toHaveLength(1);
    // Retry: the same draft again, on the same revision.
    expect(await act(() => hook.save())).toBe(true);
    expect(calls).toEqual([
      { baseRevision: 1, text: 'a' },
      { baseRevision: 1, text: 'a' },
    ]);
    expect(state()).toBe('saved');
    expect(hook.saveError).toBeNull();
  });

  it('tries again after a failure when the draft changes', async () => {
    const { calls, edit } = setup(
      { text: '' },
      server((n) => (n === 1 ? new TypeError('Failed to fetch') : null)),
    );
    edit({ text: 'a' });
    await wait(AUTOSAVE_DELAY_MS);
    expect(hook.saveError).toBe('Your changes could not be saved.');
    edit({ text: 'ab' });
    expect(state()).toBe('pending');
    await wait(AUTOSAVE_DELAY_MS);
    expect(calls.at(-1)).toEqual({ baseRevision: 1, text: 'ab' });
    expect(state()).toBe('saved');
  });

  it('stops saving from this screen once a newer revision exists (409), keeping the draft', async () => {
    const { calls, edit } = setup(
      { text: '' },
      server(() => new ApiError('conflict', 'Someone saved a newer version.', 409)),
    );
    edit({ text: 'a' });
    await wait(AUTOSAVE_DELAY_MS);
    expect(state()).toBe('conflict');
    edit({ text: 'ab' });
    await wait(AUTOSAVE_DELAY_MS * 5);
    expect(calls).toHaveLength(1);
    expect(state()).toBe('conflict');
    expect(await act(() => hook.save())).toBe(false);
    await expect(act(() => hook.patch({ title: 'New' }))).rejects.toThrow('A newer version exists: reload it before changing the note.');
    expect(calls).toHaveLength(1);
  });

  it('tells a taken address (a 409 about a slug) from a stale revision', () => {
    expect(isStale(new ApiError('conflict', 'Taken', 409, { slug: ['Taken'] }))).toBe(false);
    expect(isStale(new ApiError('conflict', 'Newer', 409))).toBe(true);
    expect(isStale(new ApiError('validation_failed', 'No', 400))).toBe(false);
  });

  it('sends one request at a time: a field saved meanwhile builds on the revision the draft save made', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const calls: Input[] = [];
    const update = vi.fn(async (input: Input): Promise<Detail> => {
      calls.push(input);
      if (calls.length === 1) await gate;
      return { revision: input.baseRevision + 1, text: input.text ?? '' };
    });
    const { edit } = setup({ text: '' }, { calls, update });
    edit({ text: 'a' });
    await wait(AUTOSAVE_DELAY_MS);
    expect(state()).toBe('saving');
    let patched: Detail | undefined;
    // Not in an act of its own: an act left open would hold back React in the files after this one (one window for them all).
    const patching = hook.patch({ title: 'New' }).then((d) => (patched = d));
    await wait(10);
    expect(calls).toHaveLength(1);
    release();
    await wait(10);
    await act(() => patching);
    expect(calls).toEqual([
      { baseRevision: 1, text: 'a' },
      { baseRevision: 2, title: 'New' },
    ]);
    expect(patched?.revision).toBe(3);
  });

  it('takes what the server has after a restore as saved, and builds on its revision', async () => {
    const { calls, edit } = setup({ text: '' });
    const restored = { text: 'old' };
    act(() => hook.settle(restored, 7));
    edit(restored);
    await wait(AUTOSAVE_DELAY_MS);
    expect(calls).toEqual([]);
    expect(state()).toBe('saved');
    edit({ text: 'older' });
    await wait(AUTOSAVE_DELAY_MS);
    expect(calls).toEqual([{ baseRevision: 7, text: 'older' }]);
  });

  it('saves what is not saved yet when the screen is left, and asks before the page closes', async () => {
    const { calls, edit, view } = setup({ text: '' });
    edit({ text: 'a' });
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);
    view.unmount();
    await wait(10);
    expect(calls).toEqual([{ baseRevision: 1, text: 'a' }]);
    const after = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(false);
  });

  it('saves nothing for a read-only viewer', async () => {
    const { calls, edit } = setup({ text: '' }, server(), { readOnly: true });
    edit({ text: 'a' });
    await wait(AUTOSAVE_DELAY_MS * 2);
    expect(calls).toEqual([]);
    expect(state()).toBe('saved');
  });
});
