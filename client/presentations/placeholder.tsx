/** Where a picked item (a creative, an ad, a page) would be, outside the edge: it is unknown or not picked yet. */
export function Placeholder({ label, className = 'aspect-square' }: { label: string; className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={`flex w-full items-center justify-center rounded-(--fp-radius-card) border-2 border-dashed border-current/25 bg-current/5 p-4 text-center text-sm opacity-70 ${className}`}
    >
      {label}
    </div>
  );
}
