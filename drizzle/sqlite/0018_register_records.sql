CREATE TABLE `register_alerts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`professional_id` integer NOT NULL,
	`register` text NOT NULL,
	`number` text NOT NULL,
	`changes` text NOT NULL,
	`feed_date` text NOT NULL,
	`decision` text,
	`decided_at` integer,
	`decided_by` text,
	`note` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`professional_id`) REFERENCES `professionals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "register_alerts_decision_valid" CHECK("register_alerts"."decision" is null or "register_alerts"."decision" in ('cleared', 'ended'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `register_alerts_once` ON `register_alerts` (`professional_id`,`register`,`feed_date`);--> statement-breakpoint
CREATE INDEX `register_alerts_open` ON `register_alerts` (`decision`,`created_at`);--> statement-breakpoint
CREATE TABLE `register_imports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`source` text NOT NULL,
	`feed_date` text NOT NULL,
	`origin` text NOT NULL,
	`records` integer NOT NULL,
	`added` integer NOT NULL,
	`changed` integer NOT NULL,
	`removed` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `register_imports_source_created` ON `register_imports` (`source`,`created_at`);--> statement-breakpoint
CREATE TABLE `register_records` (
	`source` text NOT NULL,
	`number` text NOT NULL,
	`record` text NOT NULL,
	`feed_date` text NOT NULL,
	`digest` text NOT NULL,
	`imported_at` integer NOT NULL,
	PRIMARY KEY(`source`, `number`),
	CONSTRAINT "register_records_source_valid" CHECK("register_records"."source" in ('sec-individual', 'sec-firm', 'fca-individual', 'fca-firm'))
);
--> statement-breakpoint
CREATE TABLE `register_staging` (
	`batch` text NOT NULL,
	`source` text NOT NULL,
	`number` text NOT NULL,
	`record` text NOT NULL,
	`feed_date` text NOT NULL,
	`digest` text NOT NULL,
	`imported_at` integer NOT NULL,
	PRIMARY KEY(`batch`, `number`)
);
--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_audit_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`user_id` text,
	`email` text,
	`ip` text,
	`detail` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "audit_events_kind_valid" CHECK("__new_audit_events"."kind" in ('LOGIN_SUCCESS', 'LOGIN_FAILED', 'LOGOUT', 'PASSWORD_RESET_REQUEST', 'ACCOUNT_CREATION', 'SUSPICIOUS_ACTIVITY', 'ADMIN_ACTION', 'ACCOUNT_DELETION', 'BILLING', 'ACCOUNT_CHANGE', 'REGISTER_CHECK'))
);
--> statement-breakpoint
INSERT INTO `__new_audit_events`("id", "kind", "user_id", "email", "ip", "detail", "created_at") SELECT "id", "kind", "user_id", "email", "ip", "detail", "created_at" FROM `audit_events`;--> statement-breakpoint
DROP TABLE `audit_events`;--> statement-breakpoint
ALTER TABLE `__new_audit_events` RENAME TO `audit_events`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `audit_events_created_at` ON `audit_events` (`created_at`);--> statement-breakpoint
CREATE INDEX `audit_events_kind_created` ON `audit_events` (`kind`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_events_email_created` ON `audit_events` (`email`,`created_at`);--> statement-breakpoint
ALTER TABLE `professional_registrations` ADD `baseline` text;--> statement-breakpoint
ALTER TABLE `professionals` ADD `paused_at` integer;--> statement-breakpoint
ALTER TABLE `professionals` ADD `register_exemption` text;