CREATE INDEX `commissions_due_idx` ON `commissions` (`status`,`available_at`);--> statement-breakpoint
CREATE INDEX `credit_balances_period_end_idx` ON `credit_balances` (`period_end`);--> statement-breakpoint
CREATE INDEX `media_deleted_idx` ON `media` (`deleted_at`) WHERE "media"."deleted_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `subscriptions_period_end_idx` ON `subscriptions` (`current_period_end`);