ALTER TABLE `creatives` ADD `name_from_headline` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `creatives` ADD `variations_made` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `creatives` ADD `variation_of` text;