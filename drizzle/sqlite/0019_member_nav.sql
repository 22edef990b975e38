CREATE INDEX `messages_unread` ON `messages` (`introduction_id`,`sender`) WHERE read_at is null;--> statement-breakpoint
CREATE INDEX `professionals_user_id` ON `professionals` (`user_id`);