ALTER TABLE `media` ADD `attribution` text;
