/**
 * Time zones (issue 28): the IANA names a user may choose, their offsets, and the wall-clock
 * conversions that let a datetime-local input mean a time in the account's zone rather than the
 * browser's. Pure `Intl`, the same in the worker and the workspace.
 */

let zones: ReadonlySet<string> | undefined;

/** Every zone this runtime knows (≈ 420), with UTC, sorted. */
export function timeZones(): readonly string[] {
  return [...zoneSet()];
}

function zoneSet(): ReadonlySet<string> {
  return (zones ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC'].sort()));
}

/** The browser's (or the worker's) own zone. */
export function systemTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * A known zone's name as this runtime lists it ('Asia/Kolkata' → 'Asia/Calcutta' where that is
 * the listed spelling, 'Etc/UTC' → 'UTC'), or null for a name no one knows.
 */
export function knownTimeZone(name: unknown): string | null {
  if (typeof name !== 'string' || name.length === 0 || name.length > 64) return null;
  if (zoneSet().has(name)) return name;
  try {
    const resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
    return zoneSet().has(resolved) ? resolved : null;
  } catch {
    return null;
  }
}

const partFormats = new Map<string, Intl.DateTimeFormat>();
function partsIn(zone: string, time: number) {
  let format = partFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partFormats.set(zone, format);
  }
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(time)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!, second: parts.second! };
}

/** How far the zone's clock is ahead of UTC at that instant, in minutes (Berlin in winter: 60). */
export function offsetMinutes(zone: string, time: number | Date): number {
  const at = typeof time === 'number' ? time : time.getTime();
  const p = partsIn(zone, at);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((wall - (at - (((at % 1000) + 1000) % 1000))) / 60_000);
}

/** The offset as people read it: "UTC+01:00", "UTC−03:30", "UTC" (at that instant: summer time counts). */
export function offsetLabel(zone: string, time: number | Date = Date.now()): string {
  const minutes = offsetMinutes(zone, time);
  if (minutes === 0) return 'UTC';
  const pad = (n: number) => String(n).padStart(2, '0');
  const abs = Math.abs(minutes);
  return `UTC${minutes < 0 ? '−' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a datetime-local value (`YYYY-MM-DDTHH:mm`) on the zone's clock; '' when it is no date. */
export function toZonedInput(value: string | Date, zone: string): string {
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) return '';
  const p = partsIn(zone, time);
  return `${String(p.year).padStart(4, '0')}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A datetime-local value read on the zone's clock, as the instant it names; null when incomplete.
 * When the clocks go back (Berlin, 25 Oct 2026, 02:30 happens twice) it is the first of the two;
 * in the hour that is skipped when they go forward (02:30 on 29 Mar 2026) it is the moment an
 * hour later on the new clock (03:30), as a watch set by hand would show.
 */
export function fromZonedInput(local: string, zone: string): Date | null {
  const match = LOCAL_INPUT.exec(local);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as [number, number, number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi, Number.isNaN(s) ? 0 : s);
  if (Number.isNaN(wall)) return null;
  const before = offsetMinutes(zone, wall - 86_400_000);
  const after = offsetMinutes(zone, wall + 86_400_000);
  const candidates = [...new Set([before, after, offsetMinutes(zone, wall)])]
    .map((offset) => wall - offset * 60_000)
    .filter((time) => toZonedInput(new Date(time), zone) === local.slice(0, 16))
    .sort((a, b) => a - b);
  return new Date(candidates[0] ?? wall - before * 60_000);
}

/** The zone's name for a person: 'America/New_York' → 'America/New York'. */
export function zoneName(zone: string): string {
  return zone.replaceAll('_', ' ');
}
