ALTER TABLE `instagram_accounts` ADD `ig_scoped_user_id` text;--> statement-breakpoint
CREATE INDEX `instagram_accounts_ig_scoped_user_idx` ON `instagram_accounts` (`ig_scoped_user_id`);