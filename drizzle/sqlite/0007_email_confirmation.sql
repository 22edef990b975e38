ALTER TABLE `password_reset_tokens` ADD `purpose` text DEFAULT 'password-reset' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `email_confirmed_at` integer;--> statement-breakpoint
-- Hand-appended (docs/decisions/023): accounts that exist before this migration. One the registration
-- wizard made (it always writes registration_answers) has never proved its address: it stays
-- unconfirmed and gets the banner. One without answers was made by an operator (user:create), which
-- counts as confirmed, from when it was made.
UPDATE `users` SET `email_confirmed_at` = `created_at` WHERE `id` NOT IN (SELECT `user_id` FROM `registration_answers`);
