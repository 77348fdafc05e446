import type { ReactNode } from 'react';

export interface Column {
  label: string;
  /** Numbers are right-aligned, in the header as in the cells. */
  numeric?: boolean;
  /** A detail shown from the small breakpoint up; its cells use `WIDE_ONLY` too. */
  wideOnly?: boolean;
}

/** The class of a cell in a `wideOnly` column: phones show the table without it. */
export const WIDE_ONLY = 'hidden sm:table-cell';

/**
 * A compact data table: small uppercase header, divided rows. It fits a phone (dates wrap,
 * `wideOnly` columns hide) and scrolls sideways only where even that is too wide.
 */
export function Table({ columns, children }: { columns: (string | Column)[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="text-xs text-zinc-500 uppercase">
          <tr>
            {columns.map((c, i) => {
              const column = typeof c === 'string' ? { label: c } : c;
              const last = i === columns.length - 1;
              return (
                <th
                  key={column.label}
                  scope="col"
                  className={`py-2 font-medium ${last ? '' : 'pr-4'} ${column.numeric ? 'text-right' : ''} ${column.wideOnly ? WIDE_ONLY : ''}`}
                >
                  {column.label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">{children}</tbody>
      </table>
    </div>
  );
}
