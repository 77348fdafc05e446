import { FileText } from 'lucide-react';
import { ComingSoon } from '#client/app/coming-soon.tsx';

export default function Pages() {
  return (
    <ComingSoon
      title="Pages"
      description="Funnel pages across all funnels, with status and visits."
      icon={<FileText className="size-8" aria-hidden="true" />}
      emptyTitle="No pages yet"
    >
      Every page of your funnels will be listed here with its status, visits and leads. Pages arrive with funnels.
    </ComingSoon>
  );
}
