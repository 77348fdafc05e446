CREATE TABLE `creations` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`creative_id` text,
	`revision_id` text NOT NULL,
	`revision_number` integer NOT NULL,
	`created_by` text,
	`name` text NOT NULL,
	`format` text NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`size` integer NOT NULL,
	`r2_key` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`deleted_at` integer,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`creative_id`) REFERENCES `creatives`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `creations_revision_live_uq` ON `creations` (`revision_id`) WHERE "creations"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX `creations_project_created_idx` ON `creations` (`project_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `creations_creative_idx` ON `creations` (`creative_id`);--> statement-breakpoint
CREATE INDEX `creations_deleted_idx` ON `creations` (`deleted_at`) WHERE "creations"."deleted_at" IS NOT NULL;--> statement-breakpoint
CREATE TABLE `creative_revisions` (
	`id` text PRIMARY KEY NOT NULL,
	`creative_id` text NOT NULL,
	`number` integer NOT NULL,
	`document` text NOT NULL,
	`hash` text NOT NULL,
	`created_by` text,
	`reason` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`creative_id`) REFERENCES `creatives`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `creative_revisions_number_uq` ON `creative_revisions` (`creative_id`,`number`);--> statement-breakpoint
CREATE TABLE `creatives` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`created_by` text,
	`name` text NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`format` text NOT NULL,
	`template` text NOT NULL,
	`document` text NOT NULL,
	`revision_id` text NOT NULL,
	`revision_number` integer NOT NULL,
	`revision_hash` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`deleted_at` integer,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `creatives_project_updated_idx` ON `creatives` (`project_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `creatives_deleted_idx` ON `creatives` (`deleted_at`) WHERE "creatives"."deleted_at" IS NOT NULL;--> statement-breakpoint
CREATE TABLE `playground_downloads` (
	`visitor_hash` text NOT NULL,
	`day` text NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`visitor_hash`, `day`)
);
