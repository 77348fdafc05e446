import { useEffect, type RefObject } from 'react';
import type { FunnelTheme } from '#common/schemas/blocks-theme.ts';
import { themeFontFaces } from '#common/theme-fonts.ts';

/** The theme fonts' CSS each document has adopted (a preview's frame is a document of its own). */
const adopted = new WeakMap<Document, Set<string>>();

/**
 * Loads the theme's faces into `doc` by the same @font-face rules as the live page
 * (themeFontFaces). Adopted as a constructed stylesheet: the workspace's CSP allows no <style>
 * element, and the workspace's stylesheet has only Inter and the creatives' `cf-*` families, so
 * without it the headings fell back to a system serif. Each set of rules once per document.
 */
export function adoptThemeFonts(doc: Document, theme: Pick<FunnelTheme, 'fonts'>): void {
  const css = themeFontFaces(theme);
  const Sheet = doc.defaultView?.CSSStyleSheet;
  if (!css || !Sheet || !('adoptedStyleSheets' in doc)) return;
  const done = adopted.get(doc) ?? new Set<string>();
  adopted.set(doc, done);
  if (done.has(css)) return;
  done.add(css);
  // The sheet must come from the document's own window (the frame's, not the workspace's).
  const sheet = new Sheet();
  sheet.replaceSync(css);
  doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
}

/** Loads the theme's fonts into the document `root` is drawn in, once it is mounted and when they change. */
export function useThemeFonts(root: RefObject<Element | null>, theme: Pick<FunnelTheme, 'fonts'>): void {
  const { heading, body } = theme.fonts;
  useEffect(() => {
    if (root.current) adoptThemeFonts(root.current.ownerDocument, { fonts: { heading, body } });
  }, [root, heading, body]);
}
