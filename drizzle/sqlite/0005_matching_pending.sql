ALTER TABLE `professionals` ADD `pending_matching` text;--> statement-breakpoint
ALTER TABLE `professionals` ADD `pending_matching_at` integer;