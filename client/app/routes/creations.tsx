import { Image } from 'lucide-react';
import { ComingSoon } from '#client/app/coming-soon.tsx';

export default function Creations() {
  return (
    <ComingSoon
      title="Creations"
      description="Everything you rendered or generated, ready to download or use in an ad."
      icon={<Image className="size-8" aria-hidden="true" />}
      emptyTitle="Nothing rendered yet"
    >
      When you render a creative to PNG, the result appears here. Rendering opens with the creative editor.
    </ComingSoon>
  );
}
