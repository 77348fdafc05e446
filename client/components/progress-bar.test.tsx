import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProgressBar } from '#client/components/progress-bar.tsx';

const fill = (bar: HTMLElement) => (bar.firstElementChild as HTMLElement).style.width;

describe('ProgressBar', () => {
  it('is determinate with a value: named, its value of its max, read out as its value text, the figure beside it for the eye only', () => {
    render(<ProgressBar label="Drawing" value={3} max={4} valueText="3 of 4 rows settled" caption="3/4" />);
    const bar = screen.getByRole('progressbar', { name: 'Drawing' });
    expect([bar.getAttribute('aria-valuemin'), bar.getAttribute('aria-valuenow'), bar.getAttribute('aria-valuemax')]).toEqual(['0', '3', '4']);
    expect(bar.getAttribute('aria-valuetext')).toBe('3 of 4 rows settled');
    expect(fill(bar)).toBe('75%');
    const caption = screen.getByText('3/4');
    expect(caption.getAttribute('aria-hidden')).toBe('true');
    expect(bar.contains(caption)).toBe(false);
  });

  it('counts out of 100 unless told, without a value text or a figure when given none', () => {
    render(<ProgressBar label="Uploading photo.png" value={40} />);
    const bar = screen.getByRole('progressbar', { name: 'Uploading photo.png' });
    expect([bar.getAttribute('aria-valuenow'), bar.getAttribute('aria-valuemax')]).toEqual(['40', '100']);
    expect(bar.hasAttribute('aria-valuetext')).toBe(false);
    expect(bar.parentElement!.textContent).toBe('');
    expect(fill(bar)).toBe('40%');
  });

  it('is indeterminate without a value: no value to read out, a pulsing full bar', () => {
    render(<ProgressBar label="Loading the page" valueText="ignored" thin />);
    const bar = screen.getByRole('progressbar', { name: 'Loading the page' });
    for (const attribute of ['aria-valuenow', 'aria-valuemin', 'aria-valuemax', 'aria-valuetext']) expect(bar.hasAttribute(attribute)).toBe(false);
    expect(bar.firstElementChild!.className).toContain('animate-pulse');
    expect(bar.firstElementChild!.className).toContain('w-full');
    expect(fill(bar)).toBe('');
  });

  it('keeps values out of range within 0…max, and an empty max at 0', () => {
    const { rerender } = render(<ProgressBar label="Bar" value={7} max={4} />);
    const bar = () => screen.getByRole('progressbar', { name: 'Bar' });
    expect([bar().getAttribute('aria-valuenow'), fill(bar())]).toEqual(['4', '100%']);
    rerender(<ProgressBar label="Bar" value={-3} />);
    expect([bar().getAttribute('aria-valuenow'), fill(bar())]).toEqual(['0', '0%']);
    rerender(<ProgressBar label="Bar" value={Number.NaN} />);
    expect([bar().getAttribute('aria-valuenow'), fill(bar())]).toEqual(['0', '0%']);
    rerender(<ProgressBar label="Bar" value={0} max={0} />);
    expect([bar().getAttribute('aria-valuenow'), fill(bar())]).toEqual(['0', '0%']);
  });
});
