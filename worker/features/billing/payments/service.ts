/**
 * The payments as other features see them (decision 0026): the affiliate program's commissions
 * name their payment, its figures count the referred users who paid. Query fragments for the
 * caller's own statements; a sub-feature of its own because billing/core calls the affiliate
 * program when money comes in, and the affiliate program reads these.
 */
export { hasPaid, paymentField } from '#worker/features/billing/payments/repo.ts';
