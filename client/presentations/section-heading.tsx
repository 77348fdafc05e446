import { BlockHeading, Lead } from '#client/blocks/shared.tsx';

/** A section's centred heading and intro (either may be empty). */
export function SectionIntro({ id, heading, intro }: { id: string; heading: string; intro: string }) {
  if (!heading && !intro) return null;
  return (
    <div className="mx-auto mb-12 max-w-2xl text-center">
      {heading && <BlockHeading id={`${id}-title`}>{heading}</BlockHeading>}
      {intro && <Lead className="mt-4">{intro}</Lead>}
    </div>
  );
}
