CREATE TABLE `presentation_section_stats` (
	`presentation_id` text NOT NULL,
	`day` text NOT NULL,
	`section_id` text NOT NULL,
	`reached` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`presentation_id`, `day`, `section_id`),
	FOREIGN KEY (`presentation_id`) REFERENCES `presentations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `presentation_stats` (
	`presentation_id` text NOT NULL,
	`day` text NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`visitors` integer DEFAULT 0 NOT NULL,
	`seconds` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`presentation_id`, `day`),
	FOREIGN KEY (`presentation_id`) REFERENCES `presentations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `presentation_views` (
	`view_id` text PRIMARY KEY NOT NULL,
	`presentation_id` text NOT NULL,
	`day` text NOT NULL,
	`seconds` integer DEFAULT 0 NOT NULL,
	`sections` text NOT NULL,
	FOREIGN KEY (`presentation_id`) REFERENCES `presentations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `presentation_views_day_idx` ON `presentation_views` (`day`);--> statement-breakpoint
CREATE TABLE `presentation_visitors` (
	`presentation_id` text NOT NULL,
	`day` text NOT NULL,
	`hash` text NOT NULL,
	PRIMARY KEY(`presentation_id`, `day`, `hash`)
);
--> statement-breakpoint
CREATE INDEX `presentation_visitors_day_idx` ON `presentation_visitors` (`day`);--> statement-breakpoint
CREATE TABLE `presentations` (
	`id` text PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`author_id` text,
	`project_id` text,
	`customer_name` text NOT NULL,
	`customer_logo_media_id` text,
	`headline` text NOT NULL,
	`document` text NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`revision` integer DEFAULT 1 NOT NULL,
	`password_hash` text,
	`expires_at` integer,
	`published_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`deleted_at` integer,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `presentations_slug_live_uq` ON `presentations` (`slug`) WHERE "presentations"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX `presentations_author_idx` ON `presentations` (`author_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `presentations_updated_idx` ON `presentations` (`updated_at`,`id`);--> statement-breakpoint
CREATE INDEX `presentations_project_idx` ON `presentations` (`project_id`);--> statement-breakpoint
CREATE INDEX `presentations_deleted_idx` ON `presentations` (`deleted_at`) WHERE "presentations"."deleted_at" IS NOT NULL;