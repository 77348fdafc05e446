CREATE TABLE `review_boards` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`created_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`last_used_at` integer,
	`revoked_at` integer,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `review_boards_token_hash_unique` ON `review_boards` (`token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `review_boards_live_idx` ON `review_boards` (`project_id`) WHERE "review_boards"."revoked_at" IS NULL;