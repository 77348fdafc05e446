import { Filter } from 'lucide-react';
import { ComingSoon } from '#client/app/coming-soon.tsx';

export default function Funnels() {
  return (
    <ComingSoon
      title="Funnels"
      description="Landing pages that visitors reach from your ads, served from the edge."
      icon={<Filter className="size-8" aria-hidden="true" />}
      emptyTitle="No funnels yet"
    >
      Funnels group the landing pages of a campaign under one address and theme. Building funnels is not available in this version yet.
    </ComingSoon>
  );
}
