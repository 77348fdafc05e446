CREATE TABLE `batch_rows` (
	`batch_id` text NOT NULL,
	`idx` integer NOT NULL,
	`status` text NOT NULL,
	`input` text NOT NULL,
	`creation_id` text,
	`error` text,
	PRIMARY KEY(`batch_id`, `idx`),
	FOREIGN KEY (`batch_id`) REFERENCES `batches`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `batches` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`creative_id` text,
	`kind` text NOT NULL,
	`created_by` text,
	`name` text NOT NULL,
	`format` text NOT NULL,
	`document` text NOT NULL,
	`status` text NOT NULL,
	`total` integer NOT NULL,
	`done` integer DEFAULT 0 NOT NULL,
	`failed` integer DEFAULT 0 NOT NULL,
	`credits` integer DEFAULT 0 NOT NULL,
	`attempt` integer DEFAULT 1 NOT NULL,
	`held` integer DEFAULT 0 NOT NULL,
	`held_base` integer DEFAULT 0 NOT NULL,
	`touched_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`creative_id`) REFERENCES `creatives`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `batches_project_created_idx` ON `batches` (`project_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `batches_status_touched_idx` ON `batches` (`status`,`touched_at`);