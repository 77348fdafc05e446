ALTER TABLE `credit_ledger` ADD `seq` integer;--> statement-breakpoint
-- Rows written before: by their time, then in the order SQLite stored them.
UPDATE `credit_ledger` SET `seq` = `ordered`.`n` FROM (SELECT `id`, row_number() OVER (ORDER BY `created_at`, `rowid`) AS `n` FROM `credit_ledger`) AS `ordered` WHERE `ordered`.`id` = `credit_ledger`.`id`;--> statement-breakpoint
CREATE UNIQUE INDEX `credit_ledger_seq_uq` ON `credit_ledger` (`seq`);
