import { useMemo, useState } from 'react';
import type { Device } from '#client/components/editor/device-frame.tsx';
import { DevicePreview } from '#client/components/editor/device-preview.tsx';
import { ContentLanguage, useT } from '#client/lib/i18n.tsx';
import { contextFromResolved, PresentationView } from '#client/presentations/presentation-view.tsx';
import type { PresentationDocument, Resolved } from '#client/features/presentations/model.ts';

/**
 * The document drawn by the same components as the public page (client/presentations), at a
 * desktop or phone width, in a frame of its own (its own viewport, so the sections' responsive
 * classes switch as on that device). Links do not navigate (PresentationView in 'editor' mode).
 */
export function PresentationPreview({
  doc,
  resolved,
  refCode,
  authorName,
  device,
}: {
  doc: PresentationDocument;
  resolved: Resolved;
  refCode: string | null;
  authorName: string;
  device: Device;
}) {
  const t = useT();
  const label = t('presentations.editor.preview');
  const [now] = useState(() => Date.now());
  const ctx = useMemo(() => contextFromResolved('editor', resolved, { refCode, authorName, now }), [resolved, refCode, authorName, now]);
  return (
    <DevicePreview label={label} device={device}>
      {/* The presentation's own words (placeholders, the footer) in its language, not the author's. */}
      <ContentLanguage locale={doc.locale}>
        <PresentationView document={doc} ctx={ctx} />
      </ContentLanguage>
    </DevicePreview>
  );
}
