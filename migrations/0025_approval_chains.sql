CREATE TABLE `approval_chains` (
	`project_id` text PRIMARY KEY NOT NULL,
	`mode` text NOT NULL,
	`levels` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `ad_reviews` ADD `level_name` text;--> statement-breakpoint
ALTER TABLE `ads` ADD `approval_level` integer DEFAULT 0 NOT NULL;