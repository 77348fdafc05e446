import { ChevronLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { Locale } from '#common/i18n/locales.ts';
import { BLOCK_SAMPLES } from '#common/schemas/blocks-defaults.ts';
import { BLOCK_TYPES, type Block, type PageDocument } from '#common/schemas/blocks.ts';
import { PageHeader } from '#client/components/page-header.tsx';
import { Skeleton } from '#client/components/skeleton.tsx';
import { LoadFailedOrNotFound } from '#client/components/load-failed-or-not-found.tsx';
import { DeviceToggle, type Device } from '#client/components/editor/device-frame.tsx';
import { useResource } from '#client/lib/use-resource.ts';
import { pagesApi } from '#client/features/pages/api.ts';
import { BLOCK_INFO } from '#client/features/pages/block-info.ts';
import { PagePreview } from '#client/features/pages/preview.tsx';
import { useT } from '#client/lib/i18n-context.tsx';

const NO_SIZES = {};

/** One page document per block type, holding that type's sample props in the funnel's language. */
function sampleDocuments(locale: Locale): { type: (typeof BLOCK_TYPES)[number]; doc: PageDocument }[] {
  return BLOCK_TYPES.map((type) => ({
    type,
    doc: { blocks: [{ id: `sample-${type}`, type, props: BLOCK_SAMPLES[locale][type] } as Block], seo: { title: '', description: '', image: null } },
  }));
}

const SAMPLES: Record<Locale, ReturnType<typeof sampleDocuments>> = { en: sampleDocuments('en'), de: sampleDocuments('de') };

/** `/_components/{funnelName}`: every block type with sample props in the funnel's theme, for design review. */
export function ComponentSheetScreen() {
  const t = useT();
  const { funnelName = '' } = useParams();
  const funnel = useResource(() => pagesApi.funnelByName(funnelName), [funnelName]);
  const [device, setDevice] = useState<Device>('desktop');

  if (funnel.status === 'loading') {
    return (
      <div role="status" aria-label={t('funnels.sheet.loading')} className="space-y-6">
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-80" />
        <Skeleton className="h-80" />
      </div>
    );
  }
  if (funnel.status === 'error') return <LoadFailedOrNotFound error={funnel.error} title={t('funnels.sheet.loadFailed')} onRetry={funnel.reload} />;
  const { data } = funnel;
  const samples = SAMPLES[data.locale];
  return (
    <div className="mx-auto max-w-[1400px]">
      <Link
        to={`/funnels/${data.id}`}
        className="mb-3 inline-flex items-center gap-1 text-sm text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-white"
      >
        <ChevronLeft className="size-4" aria-hidden="true" /> {data.title}
      </Link>
      <PageHeader
        title={t('funnels.sheet.title', { title: data.title })}
        description={t('funnels.sheet.description')}
        actions={<DeviceToggle device={device} onChange={setDevice} />}
      />
      <nav aria-label={t('funnels.sheet.types')} className="mb-6 flex flex-wrap gap-x-3 gap-y-1 text-sm">
        {samples.map(({ type }) => (
          <a key={type} href={`#component-${type}`} className="text-accent-700 underline-offset-2 hover:underline dark:text-accent-200">
            {t(BLOCK_INFO[type].label)}
          </a>
        ))}
      </nav>
      <div className="space-y-10">
        {samples.map(({ type, doc }) => (
          <section key={type} id={`component-${type}`} aria-labelledby={`component-${type}-heading`} className="scroll-mt-4">
            <h2 id={`component-${type}-heading`} className="text-lg font-semibold">
              {t(BLOCK_INFO[type].label)} <code className="ml-1 text-sm font-normal text-zinc-500">{type}</code>
            </h2>
            <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">{t(BLOCK_INFO[type].description)}</p>
            <PagePreview
              doc={doc}
              theme={data.theme}
              locale={data.locale}
              sizes={NO_SIZES}
              device={device}
              mode="sheet"
              label={t('funnels.sheet.sample', { type: t(BLOCK_INFO[type].label) })}
            />
          </section>
        ))}
      </div>
    </div>
  );
}
