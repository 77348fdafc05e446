import type { ReactNode } from 'react';
import { isMarkdownHref, parseMarkdownLite, type MdInline } from '#common/markdown-lite.ts';
import { HEADING_FONT } from '#client/blocks/shared.tsx';

const LINK = 'font-medium text-(--fp-accent) underline underline-offset-2 hover:no-underline';

function inline(nodes: MdInline[]): ReactNode[] {
  return nodes.map((node, i) => {
    switch (node.t) {
      case 'text':
        return node.v;
      case 'br':
        return <br key={i} />;
      case 'strong':
        return <strong key={i}>{inline(node.c)}</strong>;
      case 'em':
        return <em key={i}>{inline(node.c)}</em>;
      case 'link':
        // The parser keeps only https: and mailto: links; checked again where it becomes an href.
        return isMarkdownHref(node.href) ? (
          <a key={i} href={node.href} rel="noopener" className={LINK}>
            {inline(node.c)}
          </a>
        ) : (
          <span key={i}>{inline(node.c)}</span>
        );
    }
  });
}

/** The text block's markdown subset as React elements: user text is never HTML. */
export function MarkdownLite({ source }: { source: string }) {
  return (
    <>
      {parseMarkdownLite(source).map((block, i) => {
        switch (block.t) {
          case 'h2':
            return (
              <h2 key={i} className={`${HEADING_FONT} mt-10 mb-4 text-3xl leading-tight font-bold tracking-tight first:mt-0`}>
                {inline(block.c)}
              </h2>
            );
          case 'h3':
            return (
              <h3 key={i} className={`${HEADING_FONT} mt-8 mb-3 text-xl leading-snug font-semibold first:mt-0`}>
                {inline(block.c)}
              </h3>
            );
          case 'p':
            return (
              <p key={i} className="my-4 first:mt-0 last:mb-0">
                {inline(block.c)}
              </p>
            );
          case 'ul':
          case 'ol': {
            const List = block.t;
            return (
              <List key={i} className={`my-4 space-y-2 ps-6 ${block.t === 'ul' ? 'list-disc' : 'list-decimal'} marker:text-(--fp-accent)`}>
                {block.items.map((item, j) => (
                  <li key={j}>{inline(item)}</li>
                ))}
              </List>
            );
          }
        }
      })}
    </>
  );
}
