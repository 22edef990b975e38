-- What the page cache for anonymous visitors follows (docs/decisions/025-page-cache.md): one number that
-- every change to what public pages show bumps, whoever writes it (the app, the CLI, another process).
CREATE TABLE `content_version` (
	`id` integer PRIMARY KEY NOT NULL CHECK (`id` = 1),
	`version` integer DEFAULT 0 NOT NULL
);--> statement-breakpoint
INSERT INTO `content_version` (`id`, `version`) VALUES (1, 0);--> statement-breakpoint
CREATE TRIGGER `blog_posts_content_insert` AFTER INSERT ON `blog_posts` BEGIN UPDATE `content_version` SET `version` = `version` + 1; END;--> statement-breakpoint
CREATE TRIGGER `blog_posts_content_update` AFTER UPDATE ON `blog_posts` BEGIN UPDATE `content_version` SET `version` = `version` + 1; END;--> statement-breakpoint
CREATE TRIGGER `blog_posts_content_delete` AFTER DELETE ON `blog_posts` BEGIN UPDATE `content_version` SET `version` = `version` + 1; END;--> statement-breakpoint
CREATE TRIGGER `site_settings_content_insert` AFTER INSERT ON `site_settings` BEGIN UPDATE `content_version` SET `version` = `version` + 1; END;--> statement-breakpoint
CREATE TRIGGER `site_settings_content_update` AFTER UPDATE ON `site_settings` BEGIN UPDATE `content_version` SET `version` = `version` + 1; END;--> statement-breakpoint
CREATE TRIGGER `site_settings_content_delete` AFTER DELETE ON `site_settings` BEGIN UPDATE `content_version` SET `version` = `version` + 1; END;--> statement-breakpoint
CREATE TRIGGER `professionals_content_insert` AFTER INSERT ON `professionals` BEGIN UPDATE `content_version` SET `version` = `version` + 1; END;--> statement-breakpoint
CREATE TRIGGER `professionals_content_update` AFTER UPDATE ON `professionals` BEGIN UPDATE `content_version` SET `version` = `version` + 1; END;--> statement-breakpoint
CREATE TRIGGER `professionals_content_delete` AFTER DELETE ON `professionals` BEGIN UPDATE `content_version` SET `version` = `version` + 1; END;
