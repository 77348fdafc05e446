import { Shield } from 'lucide-react';
import { ComingSoon } from '#client/app/coming-soon.tsx';

export default function Admin() {
  return (
    <ComingSoon
      title="Admin"
      description="Users, payouts, contact messages and the audit log."
      icon={<Shield className="size-8" aria-hidden="true" />}
      emptyTitle="The admin area is being built"
    >
      User search, credit adjustments, payout approvals and contact messages will be managed here. Every admin action will be written to the audit log.
    </ComingSoon>
  );
}
