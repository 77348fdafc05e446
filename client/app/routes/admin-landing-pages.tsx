import { Presentation } from 'lucide-react';
import { ComingSoon } from '#client/app/coming-soon.tsx';

export default function AdminLandingPages() {
  return (
    <ComingSoon
      title="Presentation pages"
      description="Personal pitch pages for customers and campaigns."
      icon={<Presentation className="size-8" aria-hidden="true" />}
      emptyTitle="No presentation pages yet"
    >
      Creating, editing and publishing presentation pages will happen here.
    </ComingSoon>
  );
}
