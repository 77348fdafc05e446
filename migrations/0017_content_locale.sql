ALTER TABLE `funnels` ADD `locale` text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE `projects` ADD `locale` text DEFAULT 'en' NOT NULL;