CREATE TABLE `availability` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`professional_id` integer NOT NULL,
	`time_zone` text NOT NULL,
	`meeting_minutes` integer NOT NULL,
	`weekly` text NOT NULL,
	`video_link` text,
	`offers_phone` integer DEFAULT false NOT NULL,
	`in_person_address` text,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`professional_id`) REFERENCES `professionals`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `availability_professional_id_unique` ON `availability` (`professional_id`);--> statement-breakpoint
CREATE TABLE `bookings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`introduction_id` integer NOT NULL,
	`professional_id` integer NOT NULL,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`kind` text NOT NULL,
	`status` text DEFAULT 'booked' NOT NULL,
	`uid` text NOT NULL,
	`sequence` integer DEFAULT 0 NOT NULL,
	`cancelled_at` integer,
	`cancelled_by` text,
	`client_held` integer,
	`professional_held` integer,
	`client_continuing` integer,
	`professional_continuing` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`introduction_id`) REFERENCES `introductions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`professional_id`) REFERENCES `professionals`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "bookings_kind_valid" CHECK("bookings"."kind" in ('video', 'phone', 'in-person')),
	CONSTRAINT "bookings_status_valid" CHECK("bookings"."status" in ('booked', 'cancelled'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_uid_unique` ON `bookings` (`uid`);--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_professional_slot` ON `bookings` (`professional_id`,`starts_at`) WHERE status = 'booked';--> statement-breakpoint
CREATE INDEX `bookings_introduction` ON `bookings` (`introduction_id`);--> statement-breakpoint
CREATE INDEX `bookings_status_starts` ON `bookings` (`status`,`starts_at`);--> statement-breakpoint
CREATE TABLE `jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`key` text NOT NULL,
	`payload` text NOT NULL,
	`run_at` integer NOT NULL,
	`lease_owner` text,
	`lease_until` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`done_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `jobs_key_unique` ON `jobs` (`key`);--> statement-breakpoint
CREATE INDEX `jobs_due` ON `jobs` (`run_at`) WHERE done_at is null;--> statement-breakpoint
CREATE TABLE `messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`introduction_id` integer NOT NULL,
	`sender` text NOT NULL,
	`body` text NOT NULL,
	`read_at` integer,
	`reported_at` integer,
	`report_reason` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`introduction_id`) REFERENCES `introductions`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "messages_sender_valid" CHECK("messages"."sender" in ('client', 'professional'))
);
--> statement-breakpoint
CREATE INDEX `messages_introduction_created` ON `messages` (`introduction_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `messages_reported` ON `messages` (`reported_at`);--> statement-breakpoint
CREATE TABLE `shortlist_declines` (
	`client_user_id` text NOT NULL,
	`professional_id` integer NOT NULL,
	`reason` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`client_user_id`, `professional_id`),
	FOREIGN KEY (`client_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`professional_id`) REFERENCES `professionals`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_introductions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`client_user_id` text,
	`professional_id` integer NOT NULL,
	`status` text DEFAULT 'requested' NOT NULL,
	`requested_at` integer NOT NULL,
	`answered_at` integer,
	`withdrawn_at` integer,
	`ended_at` integer,
	`end_reason` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`client_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`professional_id`) REFERENCES `professionals`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "introductions_status_valid" CHECK("__new_introductions"."status" in ('requested', 'accepted', 'declined', 'withdrawn', 'ended')),
	CONSTRAINT "introductions_end_reason_valid" CHECK("__new_introductions"."end_reason" is null or "__new_introductions"."end_reason" in ('professional-deleted', 'client-deleted'))
);
--> statement-breakpoint
INSERT INTO `__new_introductions`("id", "client_user_id", "professional_id", "status", "requested_at", "answered_at", "withdrawn_at", "created_at") SELECT "id", "client_user_id", "professional_id", "status", "requested_at", "answered_at", "withdrawn_at", "created_at" FROM `introductions`;--> statement-breakpoint
DROP TABLE `introductions`;--> statement-breakpoint
ALTER TABLE `__new_introductions` RENAME TO `introductions`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `introductions_client_professional` ON `introductions` (`client_user_id`,`professional_id`);--> statement-breakpoint
CREATE INDEX `introductions_professional_status_requested` ON `introductions` (`professional_id`,`status`,`requested_at`);--> statement-breakpoint
CREATE INDEX `introductions_status` ON `introductions` (`status`);--> statement-breakpoint
ALTER TABLE `professionals` ADD `disciplinary_note` text;--> statement-breakpoint
ALTER TABLE `professionals` ADD `fee_minimum` integer;--> statement-breakpoint
ALTER TABLE `professionals` ADD `fee_schedule` text;--> statement-breakpoint
ALTER TABLE `professionals` ADD `deleted_at` integer;--> statement-breakpoint
ALTER TABLE `profiles` ADD `time_zone` text;