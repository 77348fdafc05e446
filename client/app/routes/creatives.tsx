import { Palette } from 'lucide-react';
import { ComingSoon } from '#client/app/coming-soon.tsx';

export default function Creatives() {
  return (
    <ComingSoon
      title="Creatives"
      description="Ad designs across all your projects."
      icon={<Palette className="size-8" aria-hidden="true" />}
      emptyTitle="No creatives yet"
    >
      Creatives are designed from templates that follow a project’s brand kit, in every placement size. They arrive together with projects.
    </ComingSoon>
  );
}
