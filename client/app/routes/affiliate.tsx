import { Share2 } from 'lucide-react';
import { ComingSoon } from '#client/app/coming-soon.tsx';

export default function Affiliate() {
  return (
    <ComingSoon
      title="Affiliate programme"
      description="Earn 30 % of the payments of customers you bring, for 12 months."
      icon={<Share2 className="size-8" aria-hidden="true" />}
      emptyTitle="Your affiliate link is not ready yet"
    >
      Your personal link, clicks, sign-ups, commissions and payouts will appear here once the programme opens.
    </ComingSoon>
  );
}
