import { Folder } from 'lucide-react';
import { ComingSoon } from '#client/app/coming-soon.tsx';

export default function Projects() {
  return (
    <ComingSoon
      title="Projects"
      description="One project per customer: brand kit, media library, members."
      icon={<Folder className="size-8" aria-hidden="true" />}
      emptyTitle="No projects yet"
    >
      Projects will keep each customer’s brand kit and media library, with the customer and your colleagues as members. Creating projects is not available in
      this version of Adloom yet.
    </ComingSoon>
  );
}
