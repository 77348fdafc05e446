import { Activity } from 'lucide-react';
import { ComingSoon } from '#client/app/coming-soon.tsx';

export default function SystemCheck() {
  return (
    <ComingSoon
      title="System check"
      description="Bindings, version and migration level of this deployment."
      icon={<Activity className="size-8" aria-hidden="true" />}
      emptyTitle="The system check is being built"
    >
      Until then, <code>/api/health</code> reports the version and the database migration level.
    </ComingSoon>
  );
}
