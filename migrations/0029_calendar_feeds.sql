CREATE TABLE `calendar_feeds` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`revoked_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `calendar_feeds_token_hash_uq` ON `calendar_feeds` (`token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `calendar_feeds_user_live_uq` ON `calendar_feeds` (`user_id`) WHERE "calendar_feeds"."revoked_at" IS NULL;--> statement-breakpoint
CREATE INDEX `scheduled_posts_project_time_idx` ON `scheduled_posts` (`project_id`,`scheduled_at`);