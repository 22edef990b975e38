CREATE TABLE `plans` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`amount_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`billing_interval` text NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`stripe_price_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "plans_currency_valid" CHECK("plans"."currency" in ('usd', 'gbp', 'cad', 'chf', 'sgd', 'aud', 'eur')),
	CONSTRAINT "plans_interval_valid" CHECK("plans"."billing_interval" in ('monthly', 'yearly')),
	CONSTRAINT "plans_amount_positive" CHECK("plans"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE INDEX `plans_active` ON `plans` (`active`);--> statement-breakpoint
CREATE TABLE `stripe_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `subscriptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`professional_id` integer NOT NULL,
	`plan_id` integer,
	`state` text NOT NULL,
	`stripe_customer_id` text,
	`stripe_subscription_id` text,
	`current_period_end` integer,
	`lapsed_at` integer,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`professional_id`) REFERENCES `professionals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`plan_id`) REFERENCES `plans`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "subscriptions_state_valid" CHECK("subscriptions"."state" in ('active', 'past_due', 'canceled', 'incomplete'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_professional_id_unique` ON `subscriptions` (`professional_id`);--> statement-breakpoint
CREATE INDEX `subscriptions_state` ON `subscriptions` (`state`);--> statement-breakpoint
CREATE INDEX `subscriptions_customer` ON `subscriptions` (`stripe_customer_id`);--> statement-breakpoint
CREATE INDEX `subscriptions_stripe_id` ON `subscriptions` (`stripe_subscription_id`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_audit_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`user_id` text,
	`email` text,
	`ip` text,
	`detail` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "audit_events_kind_valid" CHECK("__new_audit_events"."kind" in ('LOGIN_SUCCESS', 'LOGIN_FAILED', 'LOGOUT', 'PASSWORD_RESET_REQUEST', 'ACCOUNT_CREATION', 'SUSPICIOUS_ACTIVITY', 'ADMIN_ACTION', 'ACCOUNT_DELETION', 'BILLING', 'ACCOUNT_CHANGE'))
);
--> statement-breakpoint
INSERT INTO `__new_audit_events`("id", "kind", "user_id", "email", "ip", "detail", "created_at") SELECT "id", "kind", "user_id", "email", "ip", "detail", "created_at" FROM `audit_events`;--> statement-breakpoint
DROP TABLE `audit_events`;--> statement-breakpoint
ALTER TABLE `__new_audit_events` RENAME TO `audit_events`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `audit_events_created_at` ON `audit_events` (`created_at`);--> statement-breakpoint
CREATE INDEX `audit_events_kind_created` ON `audit_events` (`kind`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_events_email_created` ON `audit_events` (`email`,`created_at`);--> statement-breakpoint
CREATE INDEX `bookings_professional_starts` ON `bookings` (`professional_id`,`starts_at`);--> statement-breakpoint
CREATE INDEX `shortlists_status_released` ON `shortlists` (`status`,`released_at`);--> statement-breakpoint
-- The Professionals page shows the offered plans: a change to them moves the page cache's content version (0009).
CREATE TRIGGER `plans_content_insert` AFTER INSERT ON `plans` BEGIN UPDATE `content_version` SET `version` = `version` + 1; END;--> statement-breakpoint
CREATE TRIGGER `plans_content_update` AFTER UPDATE ON `plans` BEGIN UPDATE `content_version` SET `version` = `version` + 1; END;--> statement-breakpoint
CREATE TRIGGER `plans_content_delete` AFTER DELETE ON `plans` BEGIN UPDATE `content_version` SET `version` = `version` + 1; END;
