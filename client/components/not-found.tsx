import { Link } from 'react-router';
import { buttonClass } from '#client/components/button.tsx';
import { useT } from '#client/lib/i18n-context.tsx';

/** A workspace path that does not exist (or an id the user may not see). */
export function NotFound() {
  const t = useT();
  return (
    <div className="mx-auto max-w-md py-16 text-center">
      <p className="text-sm font-semibold text-accent-700 dark:text-accent-200">404</p>
      <h1 className="mt-2 text-2xl font-semibold">{t('notFound.title')}</h1>
      <p className="mt-2 text-zinc-600 dark:text-zinc-400">{t('notFound.text')}</p>
      <Link to="/dashboard" className={buttonClass('primary', 'md', 'mt-6')}>
        {t('notFound.toDashboard')}
      </Link>
    </div>
  );
}
