CREATE TABLE `ad_pins` (
	`id` text PRIMARY KEY NOT NULL,
	`ad_id` text NOT NULL,
	`parent_id` text,
	`number` integer,
	`item` integer,
	`x` real,
	`y` real,
	`start` integer,
	`end` integer,
	`quote` text,
	`revision` integer NOT NULL,
	`user_id` text,
	`author_name` text NOT NULL,
	`body` text NOT NULL,
	`resolved_at` integer,
	`resolved_by` text,
	`resolved_by_user_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`ad_id`) REFERENCES `ads`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`resolved_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ad_pins_ad_number_idx` ON `ad_pins` (`ad_id`,`number`);--> statement-breakpoint
CREATE INDEX `ad_pins_ad_created_idx` ON `ad_pins` (`ad_id`,`created_at`);