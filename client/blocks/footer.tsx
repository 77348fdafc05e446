import { useT } from '#client/lib/i18n-context.tsx';
import { isSafeHref, type FooterProps } from '#common/schemas/blocks.ts';
import type { BlockContext } from '#client/blocks/types.ts';

/** The page's footer: a line of text (company, copyright) and links (imprint, privacy…). */
export function FooterBlock({ id, props }: { id: string; props: FooterProps; ctx: BlockContext }) {
  const t = useT();
  return (
    <footer id={id} className="border-t border-(--fp-border) bg-(--fp-bg) px-5 py-10 text-sm text-(--fp-muted) sm:px-8">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-4 text-center sm:flex-row sm:justify-between sm:text-start">
        {props.text && <p>{props.text}</p>}
        {props.links.length > 0 && (
          <nav aria-label={t('content.footer')}>
            <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2">
              {props.links.map((link, i) => (
                <li key={i}>
                  <a href={isSafeHref(link.href) ? link.href : '#'} className="inline-block py-1 underline-offset-2 hover:underline">
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </div>
    </footer>
  );
}
