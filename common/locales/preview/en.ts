import type { Source } from '#common/i18n/catalog.ts';

/**
 * The ad preview page's messages (decision 0032): a customer's page, rendered by the worker in
 * the project's language (worker/lib/i18n.ts), not the visitor's.
 */
export const en = {} as const satisfies Source;
