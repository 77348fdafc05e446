import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BarChart, BarList, Sparkline } from '#client/components/sparkline.tsx';

const ys = (line: Element) =>
  line
    .getAttribute('points')!
    .split(' ')
    .map((p) => Number(p.split(',')[1]));

describe('the small charts', () => {
  it('draws each series on one scale, or on its own', () => {
    const series = [
      { label: 'Views', values: [0, 50, 100], className: '' },
      { label: 'Leads', values: [0, 1, 2], className: '' },
    ];
    const { rerender } = render(<Sparkline label="Week" series={series} />);
    const [views, leads] = screen.getByRole('img', { name: 'Week' }).querySelectorAll('polyline');
    expect(ys(views!)).toEqual([31, 16, 1]);
    expect(ys(leads!)[2]).toBeCloseTo(30.4);
    rerender(<Sparkline label="Week" series={series} ownScale />);
    expect(ys(screen.getByRole('img', { name: 'Week' }).querySelectorAll('polyline')[1]!)).toEqual([31, 16, 1]);
  });

  it('keeps all-zero data as a flat line at the bottom, and empty data as no line', () => {
    render(<Sparkline label="Zeros" series={[{ label: 'Views', values: [0, 0, 0], className: '' }]} />);
    expect(ys(screen.getByRole('img', { name: 'Zeros' }).querySelector('polyline')!)).toEqual([31, 31, 31]);
    render(<BarChart label="None" values={[]} />);
    expect(screen.getByRole('img', { name: 'None' }).querySelectorAll('rect')).toHaveLength(0);
  });

  it('draws one bar per value, the largest full height', () => {
    render(<BarChart label="Bars" values={[1, 4, 2]} height={50} />);
    const bars = [...screen.getByRole('img', { name: 'Bars' }).querySelectorAll('rect')].map((r) => Number(r.getAttribute('height')));
    expect(bars).toEqual([12, 48, 24]);
  });

  it('lists ranked values with their counts, or says there are none', () => {
    render(<BarList label="Sources" empty="Nothing yet." items={[{ value: 'instagram', count: 1200 }]} />);
    expect(screen.getByRole('list', { name: 'Sources' }).textContent).toBe('instagram1,200');
    render(<BarList label="Other" empty="Nothing yet." items={[]} />);
    expect(screen.getByText('Nothing yet.')).toBeTruthy();
  });
});
