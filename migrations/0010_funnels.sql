CREATE TABLE `analytics_salts` (
	`day` text PRIMARY KEY NOT NULL,
	`salt` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `funnel_page_versions` (
	`id` text PRIMARY KEY NOT NULL,
	`page_id` text NOT NULL,
	`number` integer NOT NULL,
	`title` text NOT NULL,
	`slug` text NOT NULL,
	`document` text NOT NULL,
	`published_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`page_id`) REFERENCES `funnel_pages`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`published_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `funnel_page_versions_number_uq` ON `funnel_page_versions` (`page_id`,`number`);--> statement-breakpoint
CREATE TABLE `funnel_pages` (
	`id` text PRIMARY KEY NOT NULL,
	`funnel_id` text NOT NULL,
	`project_id` text NOT NULL,
	`slug` text NOT NULL,
	`position` integer NOT NULL,
	`title` text NOT NULL,
	`draft` text NOT NULL,
	`draft_b` text,
	`split_b` integer DEFAULT 50 NOT NULL,
	`revision` integer DEFAULT 1 NOT NULL,
	`published_version_id` text,
	`published_revision` integer,
	`published_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`deleted_at` integer,
	FOREIGN KEY (`funnel_id`) REFERENCES `funnels`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "funnel_pages_split_range" CHECK("funnel_pages"."split_b" BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `funnel_pages_slug_live_uq` ON `funnel_pages` (`funnel_id`,`slug`) WHERE "funnel_pages"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX `funnel_pages_funnel_position_idx` ON `funnel_pages` (`funnel_id`,`position`);--> statement-breakpoint
CREATE INDEX `funnel_pages_project_idx` ON `funnel_pages` (`project_id`);--> statement-breakpoint
CREATE TABLE `funnels` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`name` text NOT NULL,
	`title` text NOT NULL,
	`theme` text NOT NULL,
	`custom_domain` text,
	`notify_leads` integer DEFAULT false NOT NULL,
	`created_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`deleted_at` integer,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `funnels_name_live_uq` ON `funnels` (`name`) WHERE "funnels"."deleted_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `funnels_domain_live_uq` ON `funnels` (`custom_domain`) WHERE "funnels"."deleted_at" IS NULL AND "funnels"."custom_domain" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `funnels_project_idx` ON `funnels` (`project_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `leads` (
	`id` text PRIMARY KEY NOT NULL,
	`funnel_id` text NOT NULL,
	`page_id` text NOT NULL,
	`project_id` text NOT NULL,
	`variant` text NOT NULL,
	`data` text NOT NULL,
	`email` text,
	`utm` text NOT NULL,
	`referrer` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`funnel_id`) REFERENCES `funnels`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`page_id`) REFERENCES `funnel_pages`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `leads_funnel_created_idx` ON `leads` (`funnel_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `leads_page_idx` ON `leads` (`page_id`);--> statement-breakpoint
CREATE TABLE `page_sources` (
	`page_id` text NOT NULL,
	`variant` text NOT NULL,
	`day` text NOT NULL,
	`kind` text NOT NULL,
	`value` text NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`page_id`, `variant`, `day`, `kind`, `value`),
	FOREIGN KEY (`page_id`) REFERENCES `funnel_pages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `page_stats` (
	`page_id` text NOT NULL,
	`variant` text NOT NULL,
	`day` text NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`visitors` integer DEFAULT 0 NOT NULL,
	`leads` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`page_id`, `variant`, `day`),
	FOREIGN KEY (`page_id`) REFERENCES `funnel_pages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `page_visitors` (
	`page_id` text NOT NULL,
	`variant` text NOT NULL,
	`day` text NOT NULL,
	`hash` text NOT NULL,
	PRIMARY KEY(`page_id`, `variant`, `day`, `hash`)
);
--> statement-breakpoint
CREATE INDEX `page_visitors_day_idx` ON `page_visitors` (`day`);