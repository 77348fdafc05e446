import { PublicLayout, type PublicChrome } from '#client/public/layout.tsx';

/**
 * A content page whose body is trusted HTML rendered from a markdown file in the
 * repository (legal pages, tech provider). Never used for user content.
 */
export function MarkdownPage({ chrome, html }: { chrome: PublicChrome; html: string }) {
  return (
    <PublicLayout chrome={chrome}>
      <article className="prose-legal mx-auto max-w-3xl px-4 py-14 sm:px-6 sm:py-20" dangerouslySetInnerHTML={{ __html: html }} />
    </PublicLayout>
  );
}
