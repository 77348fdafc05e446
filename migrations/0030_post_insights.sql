CREATE TABLE `insight_pauses` (
	`account_id` text PRIMARY KEY NOT NULL,
	`paused_until` integer NOT NULL,
	`strikes` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `instagram_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `post_insights` (
	`post_id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`ad_id` text NOT NULL,
	`account_id` text,
	`kind` text NOT NULL,
	`media_id` text NOT NULL,
	`caption` text DEFAULT '' NOT NULL,
	`permalink` text,
	`published_at` integer NOT NULL,
	`state` text DEFAULT 'pending' NOT NULL,
	`fetched_at` integer,
	`next_fetch_at` integer NOT NULL,
	`reach` integer,
	`likes` integer,
	`comments` integer,
	`saves` integer,
	`shares` integer,
	`views` integer,
	`error` text,
	FOREIGN KEY (`post_id`) REFERENCES `scheduled_posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`ad_id`) REFERENCES `ads`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `instagram_accounts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `post_insights_due_idx` ON `post_insights` (`next_fetch_at`);--> statement-breakpoint
CREATE INDEX `post_insights_published_idx` ON `post_insights` (`published_at`);--> statement-breakpoint
CREATE INDEX `post_insights_project_idx` ON `post_insights` (`project_id`,`published_at`);--> statement-breakpoint
CREATE INDEX `post_insights_ad_idx` ON `post_insights` (`ad_id`);