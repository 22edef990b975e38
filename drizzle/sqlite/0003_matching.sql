CREATE TABLE `shortlists` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`client_user_id` text NOT NULL,
	`status` text DEFAULT 'proposed' NOT NULL,
	`items` text NOT NULL,
	`note` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`released_at` integer,
	`released_by` text,
	FOREIGN KEY (`client_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`released_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "shortlists_status_valid" CHECK("shortlists"."status" in ('proposed', 'released'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `shortlists_client_user_id` ON `shortlists` (`client_user_id`);--> statement-breakpoint
CREATE INDEX `shortlists_status_created` ON `shortlists` (`status`,`created_at`);--> statement-breakpoint
ALTER TABLE `professionals` ADD `services` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `professionals` ADD `aum_range` text;--> statement-breakpoint
ALTER TABLE `professionals` ADD `client_profiles` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `professionals` ADD `communication` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `professionals` ADD `countries_served` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `professionals` ADD `fee_model` text;--> statement-breakpoint
ALTER TABLE `professionals` ADD `impact_investing` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `professionals` ADD `languages` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `professionals` ADD `disciplinary_disclosed` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `professionals` ADD `disciplinary_cleared` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `registration_answers_type_created` ON `registration_answers` (`user_type`,`created_at`);--> statement-breakpoint
-- Defaults for rows that existed before matching. Services come from the specialties that are services;
-- AUM range, client profiles, countries served and fee model stay empty until an admin completes them, and
-- until then matching leaves the professional out with the reason shown. The demo entries get their full data.
UPDATE `professionals` SET `services` = (SELECT json_group_array(`value`) FROM json_each(`professionals`.`specialties`) WHERE `value` IN ('Investment Management', 'Tax Planning', 'Estate Planning', 'Retirement Planning', 'Risk Management', 'Private Banking', 'Family Office Services', 'Legal Services')) WHERE `services` = '[]';--> statement-breakpoint
UPDATE `professionals` SET `communication` = '["email","phone","video"]' WHERE `communication` = '[]';--> statement-breakpoint
UPDATE `professionals` SET `languages` = '["English"]' WHERE `languages` = '[]';--> statement-breakpoint
UPDATE `professionals` SET `services` = '["Investment Management","Family Office Services"]', `aum_range` = '500M+', `client_profiles` = '["UHNWI","Entrepreneurs","Family Offices"]', `communication` = '["in-person","video","phone"]', `countries_served` = '["US","UK"]', `fee_model` = 'fee-only', `impact_investing` = 0, `languages` = '["English"]' WHERE `email` = 'eleanor.whitfield@whitfieldhale.example' collate nocase;--> statement-breakpoint
UPDATE `professionals` SET `services` = '["Estate Planning","Legal Services"]', `aum_range` = '100-500M', `client_profiles` = '["HNWI","UHNWI","Entrepreneurs"]', `communication` = '["in-person","phone","email"]', `countries_served` = '["US"]', `fee_model` = 'fee-only', `impact_investing` = 0, `languages` = '["English"]' WHERE `email` = 'marcus@okonkwolegal.example' collate nocase;--> statement-breakpoint
UPDATE `professionals` SET `services` = '["Tax Planning","Retirement Planning"]', `aum_range` = '100-500M', `client_profiles` = '["Tech Executives","Entrepreneurs","HNWI"]', `communication` = '["video","email"]', `countries_served` = '["US"]', `fee_model` = 'fee-only', `impact_investing` = 0, `languages` = '["English","Swedish"]' WHERE `email` = 'sophia.lindqvist@lindqvistmoreau.example' collate nocase;--> statement-breakpoint
UPDATE `professionals` SET `services` = '["Private Banking","Risk Management"]', `aum_range` = '500M+', `client_profiles` = '["UHNWI","Family Offices"]', `communication` = '["in-person","phone"]', `countries_served` = '["US","UK","CH"]', `fee_model` = 'fee-based', `impact_investing` = 0, `languages` = '["English"]' WHERE `email` = 'j.thornbury@harbourline.example' collate nocase;--> statement-breakpoint
UPDATE `professionals` SET `services` = '["Retirement Planning","Tax Planning"]', `aum_range` = '50-100M', `client_profiles` = '["HNWI","Retirees"]', `communication` = '["phone","video","in-person"]', `countries_served` = '["US"]', `fee_model` = 'fee-based', `impact_investing` = 0, `languages` = '["English","Spanish"]' WHERE `email` = 'amelia@castellanofp.example' collate nocase;--> statement-breakpoint
UPDATE `professionals` SET `services` = '["Investment Management"]', `aum_range` = '10-50M', `client_profiles` = '["Tech Executives","Entrepreneurs"]', `communication` = '["video","messaging"]', `countries_served` = '["US","CA"]', `fee_model` = 'fee-only', `impact_investing` = 1, `languages` = '["English","Spanish"]' WHERE `email` = 'daniel.reyes@meridianridge.example' collate nocase;--> statement-breakpoint
UPDATE `professionals` SET `services` = '["Estate Planning","Family Office Services"]', `aum_range` = '100-500M', `client_profiles` = '["UHNWI","Family Offices"]', `communication` = '["video","email"]', `countries_served` = '["worldwide"]', `fee_model` = 'fee-only', `impact_investing` = 0, `languages` = '["English","Tamil"]' WHERE `email` = 'priya@ramanglobal.example' collate nocase;--> statement-breakpoint
UPDATE `professionals` SET `services` = '["Risk Management"]', `aum_range` = '10-50M', `client_profiles` = '["HNWI","Entrepreneurs"]', `communication` = '["phone","email"]', `countries_served` = '["US"]', `fee_model` = 'commission', `impact_investing` = 0, `languages` = '["English"]' WHERE `email` = 'tobrien@ashgroverisk.example' collate nocase;
