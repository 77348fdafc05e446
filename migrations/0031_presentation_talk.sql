CREATE TABLE `presentation_recipients` (
	`id` text PRIMARY KEY NOT NULL,
	`presentation_id` text NOT NULL,
	`name` text NOT NULL,
	`email` text,
	`code` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`revoked_at` integer,
	FOREIGN KEY (`presentation_id`) REFERENCES `presentations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `presentation_recipients_code_uq` ON `presentation_recipients` (`code`);--> statement-breakpoint
CREATE INDEX `presentation_recipients_presentation_idx` ON `presentation_recipients` (`presentation_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `presentation_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`presentation_id` text NOT NULL,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`message` text DEFAULT '' NOT NULL,
	`locale` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`granted_at` integer,
	`recipient_id` text,
	FOREIGN KEY (`presentation_id`) REFERENCES `presentations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `presentation_requests_presentation_idx` ON `presentation_requests` (`presentation_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `presentation_visits` (
	`view_id` text PRIMARY KEY NOT NULL,
	`presentation_id` text NOT NULL,
	`recipient_id` text,
	`started_at` integer NOT NULL,
	`seconds` integer DEFAULT 0 NOT NULL,
	`sections` text NOT NULL,
	FOREIGN KEY (`presentation_id`) REFERENCES `presentations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`recipient_id`) REFERENCES `presentation_recipients`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `presentation_visits_presentation_idx` ON `presentation_visits` (`presentation_id`,`started_at`);