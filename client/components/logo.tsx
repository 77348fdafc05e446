/** The Adloom mark and word (`wordClassName`: e.g. hides the word where a header is short of room). */
export function Logo({ className = '', wordClassName = '' }: { className?: string; wordClassName?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 font-semibold tracking-tight ${className}`}>
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-7">
        <rect width="32" height="32" rx="8" className="fill-accent-600" />
        <path d="M9 22 15 9h2l6 13h-3.2l-1.3-3h-5l-1.3 3H9Zm5.6-5.6h2.8L16 13.1l-1.4 3.3Z" className="fill-white" />
      </svg>
      <span className={wordClassName}>Adloom</span>
    </span>
  );
}
