import { PresentationsScreen } from '#client/features/presentations/presentations-screen.tsx';

/** `/admin/landing-pages`: every presentation of every author (admins only; the worker answers 404 to anyone else). */
export default function AdminLandingPages() {
  return <PresentationsScreen scope="all" />;
}
