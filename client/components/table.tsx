import type { ReactNode } from 'react';

export interface Column {
  label: string;
  /** Numbers are right-aligned, in the header as in the cells. */
  numeric?: boolean;
}

/** A compact data table: small uppercase header, divided rows; scrolls sideways on narrow screens. */
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
                <th key={column.label} scope="col" className={`py-2 font-medium ${last ? '' : 'pr-4'} ${column.numeric ? 'text-right' : ''}`}>
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
