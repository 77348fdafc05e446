/**
 * The small picture of a creative, creation or image wherever one is offered to choose (the
 * ad's picker, "where it is used", presentations' pickers, the page editor's images): loaded
 * only when scrolled near, its width and height given so the list does not jump as pictures
 * arrive, and named by what it shows (issue 27).
 */
export function Thumbnail({
  src,
  alt,
  width,
  height,
  fit = 'cover',
  className = '',
}: {
  src: string;
  alt: string;
  /** The picture's own size (its proportions); CSS sets the size shown. */
  width: number;
  height: number;
  fit?: 'cover' | 'contain';
  className?: string;
}) {
  return (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
      className={`bg-zinc-100 dark:bg-zinc-800 ${fit === 'cover' ? 'object-cover' : 'object-contain'} ${className}`}
    />
  );
}

/** The square tile of a picker's option: the thumbnail filling it. */
export const TILE = 'aspect-square w-full h-auto';
