import { describe, expect, it } from 'vitest';
import { formatDate } from '#common/format.ts';
import { fromZonedInput, knownTimeZone, offsetLabel, offsetMinutes, timeZones, toZonedInput, zoneName } from '#common/time-zone.ts';

const iso = (local: string, zone: string) => fromZonedInput(local, zone)?.toISOString();

describe('the zones a user may choose (issue 28)', () => {
  it('lists every zone the runtime knows, with UTC, and knows a zone by another of its names', () => {
    const zones = timeZones();
    expect(zones.length).toBeGreaterThan(300);
    expect(zones).toContain('UTC');
    expect(zones).toContain('Europe/Berlin');
    expect(knownTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(knownTimeZone('Etc/UTC')).toBe('UTC');
    expect(zones).toContain(knownTimeZone('Asia/Kolkata'));
    for (const unknown of ['Mars/Olympus_Mons', 'Berlin', '', 'x'.repeat(65), 42, null, undefined]) expect(knownTimeZone(unknown)).toBeNull();
  });

  it('says each zone’s offset at a moment, summer time included', () => {
    expect(offsetMinutes('Europe/Berlin', new Date('2026-01-15T12:00:00Z'))).toBe(60);
    expect(offsetMinutes('Europe/Berlin', new Date('2026-07-15T12:00:00Z'))).toBe(120);
    expect(offsetLabel('Europe/Berlin', new Date('2026-07-15T12:00:00Z'))).toBe('UTC+02:00');
    expect(offsetLabel('America/St_Johns', new Date('2026-01-15T12:00:00Z'))).toBe('UTC−03:30');
    expect(offsetLabel('UTC')).toBe('UTC');
    expect(zoneName('America/New_York')).toBe('America/New York');
  });
});

describe('a datetime-local value on a zone’s clock', () => {
  it('is the instant the clock on the wall shows there, whatever the process’s zone', () => {
    expect(iso('2026-06-01T09:00', 'Europe/Berlin')).toBe('2026-06-01T07:00:00.000Z');
    expect(iso('2026-06-01T09:00', 'UTC')).toBe('2026-06-01T09:00:00.000Z');
    expect(toZonedInput('2026-06-01T07:00:00Z', 'Europe/Berlin')).toBe('2026-06-01T09:00');
  });

  it('crosses a date boundary: late evening in Los Angeles is the next day in UTC, early morning in Tokyo the day before', () => {
    expect(iso('2026-12-01T23:30', 'America/Los_Angeles')).toBe('2026-12-02T07:30:00.000Z');
    expect(toZonedInput('2026-12-02T07:30:00Z', 'America/Los_Angeles')).toBe('2026-12-01T23:30');
    expect(iso('2027-01-01T00:15', 'Asia/Tokyo')).toBe('2026-12-31T15:15:00.000Z');
  });

  it('when the clocks go back (Berlin, 25 Oct 2026), the hour that happens twice is its first time; the hours around are exact', () => {
    expect(iso('2026-10-25T01:59', 'Europe/Berlin')).toBe('2026-10-24T23:59:00.000Z');
    expect(iso('2026-10-25T02:30', 'Europe/Berlin')).toBe('2026-10-25T00:30:00.000Z');
    expect(iso('2026-10-25T03:00', 'Europe/Berlin')).toBe('2026-10-25T02:00:00.000Z');
    // Both 02:30s read back as 02:30; a date shows which one by its zone.
    expect(toZonedInput('2026-10-25T00:30:00Z', 'Europe/Berlin')).toBe('2026-10-25T02:30');
    expect(toZonedInput('2026-10-25T01:30:00Z', 'Europe/Berlin')).toBe('2026-10-25T02:30');
    expect(formatDate('2026-10-25T00:30:00Z', 'dateTime', 'de', 'Europe/Berlin')).toBe('25. Okt. 2026, 02:30');
  });

  it('when the clocks go forward (Berlin, 29 Mar 2026), a time in the skipped hour is the same moment an hour later on the new clock', () => {
    expect(iso('2026-03-29T01:59', 'Europe/Berlin')).toBe('2026-03-29T00:59:00.000Z');
    expect(iso('2026-03-29T02:30', 'Europe/Berlin')).toBe('2026-03-29T01:30:00.000Z');
    expect(toZonedInput('2026-03-29T01:30:00Z', 'Europe/Berlin')).toBe('2026-03-29T03:30');
    expect(iso('2026-03-29T03:00', 'Europe/Berlin')).toBe('2026-03-29T01:00:00.000Z');
  });

  it('is nothing when incomplete', () => {
    expect(fromZonedInput('', 'Europe/Berlin')).toBeNull();
    expect(fromZonedInput('2026-10-25', 'Europe/Berlin')).toBeNull();
    expect(toZonedInput('not a date', 'Europe/Berlin')).toBe('');
  });
});
