/** Formats euro cents for display: 2900 → "29 €", 3950 → "39.50 €". */
export function formatEuros(cents: number): string {
  const euros = cents / 100;
  const text = Number.isInteger(euros) ? String(euros) : euros.toFixed(2);
  return `${text} €`;
}

/** 1073741824 → "1 GB". */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = value >= 10 || Number.isInteger(value) ? Math.round(value) : Math.round(value * 10) / 10;
  return `${rounded} ${units[unit]}`;
}

export function formatNumber(value: number): string {
  return value.toLocaleString('en-US');
}

const DATE_STYLES = {
  /** 22 Nov 2026 */
  short: { day: 'numeric', month: 'short', year: 'numeric' },
  /** 22 November 2026 */
  long: { day: 'numeric', month: 'long', year: 'numeric' },
  /** 22 Nov 2026, 15:58 */
  dateTime: { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' },
  /** 22 Nov */
  dayMonth: { day: 'numeric', month: 'short' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

/** A date as the product writes it (British order, in the reader's time zone). */
export function formatDate(value: string | Date, style: keyof typeof DATE_STYLES = 'short'): string {
  return new Date(value).toLocaleString('en-GB', DATE_STYLES[style]);
}
