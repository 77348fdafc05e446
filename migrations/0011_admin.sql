ALTER TABLE `audit_log` ADD `ip` text;--> statement-breakpoint
CREATE INDEX `audit_log_actor_idx` ON `audit_log` (`actor_user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_log_project_idx` ON `audit_log` (`project_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `disabled_at` integer;