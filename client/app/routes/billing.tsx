import { CreditCard } from 'lucide-react';
import { ComingSoon } from '#client/app/coming-soon.tsx';
import { useUser } from '#client/app/session.tsx';

export default function Billing() {
  const user = useUser();
  return (
    <ComingSoon
      title="Billing"
      description={`You are on the ${user.plan.name} plan.`}
      icon={<CreditCard className="size-8" aria-hidden="true" />}
      emptyTitle="No invoices yet"
    >
      Changing plans, invoices and cancelling will be managed here. Paid plans are not on sale yet; see the{' '}
      <a className="text-accent-700 underline" href="/pricing">
        pricing page
      </a>{' '}
      for what they include.
    </ComingSoon>
  );
}
