import { PageIntro, PublicLayout, type PublicChrome } from '#client/public/layout.tsx';
import { usePageText } from '#client/public/page-text.tsx';

/** One field of a body or an answer (nested ones by dotted name: `utm.source`, `items[].id`). */
export interface ApiReferenceField {
  name: string;
  type: string;
  required: boolean;
}

/** A request written out for copying: as a curl command and as JavaScript's fetch. */
export interface ApiExample {
  curl: string;
  fetch: string;
}

export interface ApiReferenceRoute extends ApiExample {
  id: string;
  method: string;
  path: string;
  scope: string | null;
  /** The OpenAPI summary (English). */
  summary: string;
  parameters: (ApiReferenceField & { in: 'path' | 'query' })[];
  body: ApiReferenceField[] | null;
  status: number;
  response: ApiReferenceField[];
}

/** What /docs/api shows: made from the served OpenAPI document (worker/features/api/v1/reference.ts). */
export interface ApiReference {
  openApiUrl: string;
  version: string;
  /** The header every request with a key sends. */
  authHeader: string;
  routes: ApiReferenceRoute[];
  errorFields: ApiReferenceField[];
  rateLimit: number;
  /** `POST /renders` with `async: true`: the background guide's example. */
  asyncRender: ApiExample;
  /** The most rows `POST /batches` takes. */
  maxBatchRows: number;
}

const ERROR_STATUSES = ['401', '403', '404', '409', '422', '429'] as const;
const GUIDES = ['auth', 'errors', 'limits', 'paging', 'idempotency', 'background'] as const;

const code = 'rounded bg-zinc-100 px-1 py-0.5 font-mono text-[0.9em] text-zinc-900';
const heading = 'scroll-mt-20 text-2xl font-semibold tracking-tight text-zinc-900';

function Example({ label, source }: { label: string; source: string }) {
  return (
    <figure className="mt-4 min-w-0">
      <figcaption className="text-sm font-medium text-zinc-700">{label}</figcaption>
      {/* Long lines wrap (no scrolling region to reach by keyboard); no JavaScript: select and copy. */}
      <pre className="mt-1 rounded-lg bg-zinc-900 p-4 text-sm leading-relaxed break-all whitespace-pre-wrap text-zinc-100">
        <code>{source}</code>
      </pre>
    </figure>
  );
}

function Fields({ fields }: { fields: readonly (ApiReferenceField & { in?: 'path' | 'query' })[] }) {
  const { t } = usePageText();
  return (
    <ul className="mt-2 divide-y divide-zinc-100 rounded-lg border border-zinc-200 bg-white text-sm">
      {fields.map((field) => (
        <li key={field.name} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 px-3 py-2">
          <code className="font-mono font-medium break-all text-zinc-900">{field.name}</code>
          <span className="break-words text-zinc-600">{field.type}</span>
          <span className="text-xs text-zinc-500">
            {field.required ? t('apiDocs.route.required') : t('apiDocs.route.optional')}
            {field.in ? ` · ${field.in === 'path' ? t('apiDocs.route.inPath') : t('apiDocs.route.inQuery')}` : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}

function Route({ route }: { route: ApiReferenceRoute }) {
  const { t } = usePageText();
  return (
    <section aria-labelledby={route.id} className="border-t border-zinc-200 pt-8">
      <h3 id={route.id} className="flex scroll-mt-20 flex-wrap items-baseline gap-2 text-lg font-semibold text-zinc-900">
        <span className="rounded bg-accent-100 px-2 py-0.5 font-mono text-sm text-accent-900">{route.method}</span>
        <code className="font-mono break-all">{route.path}</code>
      </h3>
      <p lang="en" className="mt-2 text-zinc-700">
        {route.summary}
      </p>
      <p className="mt-2 text-sm text-zinc-600">
        {route.scope ? (
          <>
            {t('apiDocs.route.scope')} <code className={code}>{route.scope}</code>
          </>
        ) : (
          t('apiDocs.route.noKey')
        )}
      </p>
      {route.parameters.length > 0 ? (
        <>
          <h4 className="mt-4 font-medium text-zinc-900">{t('apiDocs.route.parameters')}</h4>
          <Fields fields={route.parameters} />
        </>
      ) : null}
      {route.body ? (
        <>
          <h4 className="mt-4 font-medium text-zinc-900">{t('apiDocs.route.body')}</h4>
          <Fields fields={route.body} />
        </>
      ) : null}
      <h4 className="mt-4 font-medium text-zinc-900">{t('apiDocs.route.answer', { status: route.status })}</h4>
      {route.response.length > 0 ? <Fields fields={route.response} /> : <p className="mt-1 text-sm text-zinc-600">{t('apiDocs.route.noContent')}</p>}
      <Examples example={route} />
    </section>
  );
}

function Examples({ example }: { example: ApiExample }) {
  const { t } = usePageText();
  return (
    <>
      <Example label={t('apiDocs.route.curl')} source={example.curl} />
      <Example label={t('apiDocs.route.fetch')} source={example.fetch} />
    </>
  );
}

/** The link to a route's section in the reference, named by its method and path. */
function RouteLink({ route }: { route: ApiReferenceRoute | undefined }) {
  if (!route) return null;
  return (
    <a className="font-mono text-accent-700 underline underline-offset-2" href={`#${route.id}`}>
      {route.method} {route.path}
    </a>
  );
}

/** `/docs/api`: the API's guide and reference, server-rendered with no JavaScript (decision 0045). */
export function ApiDocsPage({ chrome, reference }: { chrome: PublicChrome; reference: ApiReference }) {
  const { t, number } = usePageText();
  const base = reference.openApiUrl.replace(/\/openapi\.json$/, '');
  return (
    <PublicLayout chrome={chrome}>
      <PageIntro eyebrow={t('apiDocs.eyebrow')} title={t('apiDocs.title')}>
        {t('apiDocs.lead')}
      </PageIntro>
      <div className="mx-auto max-w-4xl px-4 pb-20 sm:px-6">
        <nav aria-labelledby="api-contents" className="rounded-[var(--radius-card)] border border-zinc-200 bg-zinc-50 p-5">
          <h2 id="api-contents" className="text-sm font-semibold text-zinc-900">
            {t('apiDocs.contents')}
          </h2>
          <ul className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
            {GUIDES.map((id) => (
              <li key={id}>
                <a className="text-accent-700 underline-offset-2 hover:underline" href={`#${id}`}>
                  {t(`apiDocs.${id}.title`)}
                </a>
              </li>
            ))}
            {reference.routes.map((route) => (
              <li key={route.id}>
                <a className="font-mono text-accent-700 underline-offset-2 hover:underline" href={`#${route.id}`}>
                  {route.method} {route.path}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div className="mt-12 space-y-10 text-zinc-700">
          <section aria-labelledby="auth">
            <h2 id="auth" className={heading}>
              {t('apiDocs.auth.title')}
            </h2>
            <p className="mt-3">{t('apiDocs.auth.text')}</p>
            <Example label={t('apiDocs.auth.header')} source={reference.authHeader} />
            <p className="mt-4">{t('apiDocs.auth.scopes')}</p>
            <p className="mt-3">
              {t('apiDocs.auth.base')} <code className={`${code} break-all`}>{base}</code>
            </p>
            <p className="mt-3">
              <a className="text-accent-700 underline underline-offset-2" href={reference.openApiUrl}>
                {t('apiDocs.auth.openApi', { version: reference.version })}
              </a>
            </p>
          </section>

          <section aria-labelledby="errors">
            <h2 id="errors" className={heading}>
              {t('apiDocs.errors.title')}
            </h2>
            <p className="mt-3">{t('apiDocs.errors.text')}</p>
            <Fields fields={reference.errorFields} />
            <ul className="mt-4 space-y-1">
              {ERROR_STATUSES.map((status) => (
                <li key={status}>
                  <code className={code}>{status}</code> {t(`apiDocs.errors.s${status}`)}
                </li>
              ))}
            </ul>
          </section>

          <section aria-labelledby="limits">
            <h2 id="limits" className={heading}>
              {t('apiDocs.limits.title')}
            </h2>
            <p className="mt-3">{t('apiDocs.limits.text', { limit: number(reference.rateLimit) })}</p>
          </section>

          <section aria-labelledby="paging">
            <h2 id="paging" className={heading}>
              {t('apiDocs.paging.title')}
            </h2>
            <p className="mt-3">{t('apiDocs.paging.text')}</p>
          </section>

          <section aria-labelledby="idempotency">
            <h2 id="idempotency" className={heading}>
              {t('apiDocs.idempotency.title')}
            </h2>
            <p className="mt-3">{t('apiDocs.idempotency.text')}</p>
          </section>

          <section aria-labelledby="background">
            <h2 id="background" className={heading}>
              {t('apiDocs.background.title')}
            </h2>
            <p className="mt-3">{t('apiDocs.background.text')}</p>
            <Examples example={reference.asyncRender} />
            <p className="mt-4">{t('apiDocs.background.batches', { max: number(reference.maxBatchRows) })}</p>
            <p className="mt-3">
              {t('apiDocs.background.examples')} <RouteLink route={reference.routes.find((r) => r.id === 'createBatch')} /> ·{' '}
              <RouteLink route={reference.routes.find((r) => r.id === 'getBatch')} />
            </p>
          </section>

          <section aria-labelledby="reference" className="space-y-8">
            <div>
              <h2 id="reference" className={heading}>
                {t('apiDocs.reference.title')}
              </h2>
              <p className="mt-3">{t('apiDocs.reference.text')}</p>
            </div>
            {reference.routes.map((route) => (
              <Route key={route.id} route={route} />
            ))}
          </section>
        </div>
      </div>
    </PublicLayout>
  );
}
