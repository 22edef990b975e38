CREATE TABLE `professional_registrations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`professional_id` integer NOT NULL,
	`register` text NOT NULL,
	`number` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`professional_id`) REFERENCES `professionals`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "professional_registrations_register_valid" CHECK("professional_registrations"."register" in ('us-crd-individual', 'us-crd-firm', 'uk-fca-frn', 'uk-fca-irn', 'ca-nrd', 'ch-uid', 'sg-uen', 'au-afsl', 'au-far'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `professional_registrations_professional_register` ON `professional_registrations` (`professional_id`,`register`);--> statement-breakpoint
CREATE TABLE `verifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`professional_id` integer NOT NULL,
	`verified_at` integer NOT NULL,
	`verified_by` text,
	`checks` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`professional_id`) REFERENCES `professionals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`verified_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `verifications_professional_verified` ON `verifications` (`professional_id`,`verified_at`);--> statement-breakpoint
CREATE TABLE `vetting_checks` (
	`professional_id` integer NOT NULL,
	`item` text NOT NULL,
	`checked_at` integer NOT NULL,
	`checked_by` text,
	`checked_on` text,
	`note` text,
	PRIMARY KEY(`professional_id`, `item`),
	FOREIGN KEY (`professional_id`) REFERENCES `professionals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`checked_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "vetting_checks_item_valid" CHECK("vetting_checks"."item" in ('register', 'identity', 'experience', 'disciplinary', 'fees'))
);
--> statement-breakpoint
UPDATE `professionals` SET `verified_at` = cast(unixepoch('subsec') * 1000 as integer) WHERE `verified` = 1 AND `verified_at` IS NULL;
