CREATE TABLE `ad_items` (
	`ad_id` text NOT NULL,
	`position` integer NOT NULL,
	`creation_id` text NOT NULL,
	PRIMARY KEY(`ad_id`, `position`),
	FOREIGN KEY (`ad_id`) REFERENCES `ads`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`creation_id`) REFERENCES `creations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `ad_items_creation_idx` ON `ad_items` (`creation_id`);--> statement-breakpoint
CREATE TABLE `ad_reviews` (
	`id` text PRIMARY KEY NOT NULL,
	`ad_id` text NOT NULL,
	`user_id` text,
	`reviewer_name` text NOT NULL,
	`reviewer_email` text,
	`decision` text NOT NULL,
	`comment` text DEFAULT '' NOT NULL,
	`revision` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`ad_id`) REFERENCES `ads`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `ad_reviews_ad_created_idx` ON `ad_reviews` (`ad_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `ads` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`created_by` text,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`primary_text` text DEFAULT '' NOT NULL,
	`headline` text DEFAULT '' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`cta` text DEFAULT 'learn_more' NOT NULL,
	`destination_url` text DEFAULT '' NOT NULL,
	`page_name` text DEFAULT '' NOT NULL,
	`avatar_media_id` text,
	`placements` text NOT NULL,
	`revision` integer DEFAULT 1 NOT NULL,
	`preview_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`deleted_at` integer,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`avatar_media_id`) REFERENCES `media`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ads_preview_id_unique` ON `ads` (`preview_id`);--> statement-breakpoint
CREATE INDEX `ads_project_created_idx` ON `ads` (`project_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `ads_project_status_idx` ON `ads` (`project_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `ads_deleted_idx` ON `ads` (`deleted_at`) WHERE "ads"."deleted_at" IS NOT NULL;--> statement-breakpoint
CREATE TABLE `data_deletion_requests` (
	`code` text PRIMARY KEY NOT NULL,
	`ig_user_id` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`accounts_deleted` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`completed_at` integer
);
--> statement-breakpoint
CREATE TABLE `instagram_accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`connected_by` text,
	`ig_user_id` text NOT NULL,
	`username` text NOT NULL,
	`picture_url` text,
	`sandbox` integer DEFAULT false NOT NULL,
	`token_sealed` text,
	`token_key_id` text,
	`token_expires_at` integer,
	`token_refreshed_at` integer,
	`status` text DEFAULT 'active' NOT NULL,
	`broken_reason` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`connected_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `instagram_accounts_project_id_unique` ON `instagram_accounts` (`project_id`);--> statement-breakpoint
CREATE INDEX `instagram_accounts_ig_user_idx` ON `instagram_accounts` (`ig_user_id`);--> statement-breakpoint
CREATE INDEX `instagram_accounts_expiry_idx` ON `instagram_accounts` (`status`,`token_expires_at`);--> statement-breakpoint
CREATE TABLE `instagram_sandbox_media` (
	`id` text PRIMARY KEY NOT NULL,
	`ig_user_id` text NOT NULL,
	`media_type` text NOT NULL,
	`is_carousel_item` integer DEFAULT false NOT NULL,
	`image_url` text,
	`creation_ids` text,
	`children` text,
	`caption` text,
	`status_code` text DEFAULT 'FINISHED' NOT NULL,
	`media_id` text,
	`permalink` text,
	`published_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `instagram_sandbox_media_media_id_unique` ON `instagram_sandbox_media` (`media_id`);--> statement-breakpoint
CREATE INDEX `instagram_sandbox_media_feed_idx` ON `instagram_sandbox_media` (`ig_user_id`,`published_at`);--> statement-breakpoint
CREATE TABLE `oauth_states` (
	`state_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`project_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `scheduled_posts` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`ad_id` text NOT NULL,
	`account_id` text,
	`created_by` text,
	`kind` text NOT NULL,
	`creation_ids` text NOT NULL,
	`caption` text DEFAULT '' NOT NULL,
	`scheduled_at` integer NOT NULL,
	`status` text DEFAULT 'scheduled' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`lease_until` integer,
	`lease_owner` text,
	`child_container_ids` text,
	`container_id` text,
	`media_id` text,
	`permalink` text,
	`published_at` integer,
	`error_class` text,
	`error_message` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`ad_id`) REFERENCES `ads`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `instagram_accounts`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `scheduled_posts_ad_live_uq` ON `scheduled_posts` (`ad_id`) WHERE "scheduled_posts"."status" IN ('scheduled', 'publishing', 'published');--> statement-breakpoint
CREATE INDEX `scheduled_posts_due_idx` ON `scheduled_posts` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `scheduled_posts_project_idx` ON `scheduled_posts` (`project_id`,`created_at`);