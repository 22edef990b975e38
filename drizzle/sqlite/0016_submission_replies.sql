CREATE TABLE `submission_replies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`submission_id` integer NOT NULL,
	`author_user_id` text,
	`author_name` text NOT NULL,
	`body` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`submission_id`) REFERENCES `form_submissions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `submission_replies_submission_created` ON `submission_replies` (`submission_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `form_submissions` ADD `company` text;--> statement-breakpoint
-- Messages stored before the company had its own column read 'Company: <firm or N/A>', a blank line, 'Message: <text>'.
UPDATE `form_submissions` SET
	`company` = nullif(substr(`message`, 10, instr(`message`, char(10) || char(10) || 'Message: ') - 10), 'N/A'),
	`message` = substr(`message`, instr(`message`, char(10) || char(10) || 'Message: ') + 11)
WHERE `message` LIKE 'Company: %' AND instr(`message`, char(10) || char(10) || 'Message: ') > 0;
