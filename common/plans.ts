/**
 * Business constants (PRODUCT.md §6): the one module read by the worker and the client.
 * Prices are in euro cents; storage in bytes.
 */

const GB = 1024 ** 3;

export type PlanId = 'free' | 'pro' | 'agency';

export interface Plan {
  id: PlanId;
  name: string;
  priceCents: number;
  creditsPerMonth: number;
  /** null = unlimited */
  maxProjects: number | null;
  storageBytes: number;
  customDomains: number;
  presentations: boolean;
  tagline: string;
  features: readonly string[];
}

export const PLANS: Readonly<Record<PlanId, Plan>> = {
  free: {
    id: 'free',
    name: 'Free',
    priceCents: 0,
    creditsPerMonth: 25,
    maxProjects: 3,
    storageBytes: 1 * GB,
    customDomains: 0,
    presentations: false,
    tagline: 'Try Adloom with a few customers.',
    features: ['Ad previews and approvals', 'Funnels with lead forms', 'Instagram publishing'],
  },
  pro: {
    id: 'pro',
    name: 'Pro',
    priceCents: 2900,
    creditsPerMonth: 500,
    maxProjects: null,
    storageBytes: 50 * GB,
    customDomains: 1,
    presentations: false,
    tagline: 'For freelancers with a full client list.',
    features: ['Everything in Free'],
  },
  agency: {
    id: 'agency',
    name: 'Agency',
    priceCents: 9900,
    creditsPerMonth: 2500,
    maxProjects: null,
    storageBytes: 250 * GB,
    customDomains: 10,
    presentations: true,
    tagline: 'For agencies pitching and serving many brands.',
    features: ['Everything in Pro'],
  },
};

export const PLAN_ORDER: readonly PlanId[] = ['free', 'pro', 'agency'];

export type PackId = 'pack-100' | 'pack-500' | 'pack-2000';

export interface CreditPack {
  id: PackId;
  credits: number;
  priceCents: number;
}

export const CREDIT_PACKS: readonly CreditPack[] = [
  { id: 'pack-100', credits: 100, priceCents: 900 },
  { id: 'pack-500', credits: 500, priceCents: 3900 },
  { id: 'pack-2000', credits: 2000, priceCents: 12900 },
];

export const CREDIT_COSTS = {
  render: 1,
  variation: 1,
  aiCopySuggestion: 1,
  publish: 0,
} as const;

export const AFFILIATE = {
  commissionRate: 0.3,
  commissionMonths: 12,
  cookieDays: 60,
  holdDays: 30,
  minimumPayoutCents: 5000,
} as const;

export const PLAYGROUND_DOWNLOADS_PER_DAY = 3;

export const LOW_BALANCE_RATIO = 0.2;

export function isPlanId(value: unknown): value is PlanId {
  return value === 'free' || value === 'pro' || value === 'agency';
}
