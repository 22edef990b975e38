PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_audit_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`user_id` text,
	`email` text,
	`ip` text,
	`detail` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "audit_events_kind_valid" CHECK("__new_audit_events"."kind" in ('LOGIN_SUCCESS', 'LOGIN_FAILED', 'LOGOUT', 'PASSWORD_RESET_REQUEST', 'ACCOUNT_CREATION', 'SUSPICIOUS_ACTIVITY', 'ADMIN_ACTION', 'ACCOUNT_DELETION', 'ACCOUNT_CHANGE'))
);
--> statement-breakpoint
INSERT INTO `__new_audit_events`("id", "kind", "user_id", "email", "ip", "detail", "created_at") SELECT "id", "kind", "user_id", "email", "ip", "detail", "created_at" FROM `audit_events`;--> statement-breakpoint
DROP TABLE `audit_events`;--> statement-breakpoint
ALTER TABLE `__new_audit_events` RENAME TO `audit_events`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `audit_events_created_at` ON `audit_events` (`created_at`);--> statement-breakpoint
CREATE INDEX `audit_events_kind_created` ON `audit_events` (`kind`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_events_email_created` ON `audit_events` (`email`,`created_at`);--> statement-breakpoint
ALTER TABLE `password_reset_tokens` ADD `new_email` text;