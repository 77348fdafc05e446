import { presentationDocumentSchema, sectionSchema, type PresentationDocument, type Section } from '#common/schemas/presentations.ts';
import { issuesByPath } from '#client/components/editor/spec-form.tsx';

/** What is wrong with the document's own fields (customer, logo, headline, intro, theme), by path; sections are checked one by one. */
export function documentErrors(doc: PresentationDocument): Record<string, string> {
  const result = presentationDocumentSchema.safeParse({ ...doc, sections: [] });
  return result.success ? {} : issuesByPath(result.error.issues);
}

/** What the section's schema says is wrong, by path inside its props ("items.0.caption"). */
export function sectionErrors(section: Section): Record<string, string> {
  const result = sectionSchema.safeParse(section);
  return result.success ? {} : issuesByPath(result.error.issues, 'props');
}

/** Problems of the sections list itself (too many, a repeated id). */
export function sectionsError(doc: PresentationDocument): string | undefined {
  const result = presentationDocumentSchema.safeParse(doc);
  if (result.success) return undefined;
  return result.error.issues.find((i) => i.path.length === 1 && i.path[0] === 'sections')?.message;
}
