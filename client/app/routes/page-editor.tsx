import { NotFound } from '#client/app/routes/not-found.tsx';

/** Placeholder until the feature lands (issue 12). */
export default function Placeholder() {
  return <NotFound />;
}
