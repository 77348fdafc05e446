CREATE TABLE `brand_fonts` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`uploaded_by` text,
	`family` text NOT NULL,
	`weight` integer DEFAULT 400 NOT NULL,
	`format` text NOT NULL,
	`size` integer NOT NULL,
	`sha256` text NOT NULL,
	`r2_key` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`deleted_at` integer,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`uploaded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `brand_fonts_project_idx` ON `brand_fonts` (`project_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `brand_fonts_project_sha256_live` ON `brand_fonts` (`project_id`,`sha256`) WHERE "brand_fonts"."deleted_at" IS NULL;--> statement-breakpoint
ALTER TABLE `creatives` ADD `link_group` text;--> statement-breakpoint
CREATE INDEX `creatives_link_group_idx` ON `creatives` (`link_group`) WHERE "creatives"."link_group" IS NOT NULL;--> statement-breakpoint
ALTER TABLE `media` ADD `focal_x` real;--> statement-breakpoint
ALTER TABLE `media` ADD `focal_y` real;