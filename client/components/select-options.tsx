/** One choice of a select: what it sends and what it shows. */
export interface SelectOption {
  value: string;
  label: string;
}

/**
 * The options of a select that can be left empty: first the empty choice ("All projects",
 * "Pick a creative", "No project"…), then one option per item.
 */
export function SelectOptions({ empty, options }: { empty: string; options: readonly SelectOption[] }) {
  return (
    <>
      <option value="">{empty}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </>
  );
}
