CREATE TABLE `introductions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`client_user_id` text NOT NULL,
	`professional_id` integer NOT NULL,
	`status` text DEFAULT 'requested' NOT NULL,
	`requested_at` integer NOT NULL,
	`answered_at` integer,
	`withdrawn_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`client_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`professional_id`) REFERENCES `professionals`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "introductions_status_valid" CHECK("introductions"."status" in ('requested', 'accepted', 'declined', 'withdrawn'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `introductions_client_professional` ON `introductions` (`client_user_id`,`professional_id`);--> statement-breakpoint
CREATE INDEX `introductions_professional_status_requested` ON `introductions` (`professional_id`,`status`,`requested_at`);--> statement-breakpoint
CREATE INDEX `introductions_status` ON `introductions` (`status`);