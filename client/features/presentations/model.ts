/** The presentations API's shapes as the workspace uses them: the shared ones (common/schemas/presentations.ts). */
export type {
  AdCard,
  PageCard,
  Presentation,
  PresentationDocument,
  PresentationSources,
  PresentationStats,
  PresentationStatus,
  PresentationSummary,
  Resolved,
  ResolvedImage,
  Section,
  SectionType,
} from '#common/schemas/presentations.ts';
