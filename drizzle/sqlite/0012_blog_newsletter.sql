CREATE TABLE `newsletter_subscribers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`subscribed_at` integer NOT NULL,
	`confirmed_at` integer,
	`unsubscribed_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "newsletter_subscribers_status_valid" CHECK("newsletter_subscribers"."status" in ('pending', 'confirmed', 'unsubscribed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_subscribers_email_unique` ON `newsletter_subscribers` (`email`);--> statement-breakpoint
CREATE INDEX `newsletter_subscribers_status_created` ON `newsletter_subscribers` (`status`,`created_at`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_blog_posts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`slug` text NOT NULL,
	`excerpt` text,
	`content` text NOT NULL,
	`published` integer DEFAULT false NOT NULL,
	`published_at` integer,
	`featured_image` text,
	`featured_image_alt` text,
	`featured_image_meta` text,
	`content_html` text,
	`sanitizer_version` integer DEFAULT 0 NOT NULL,
	`category` text DEFAULT 'general' NOT NULL,
	`format` text DEFAULT 'html' NOT NULL,
	`author_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "blog_posts_category_valid" CHECK("__new_blog_posts"."category" in ('general', 'legal', 'wealth-management', 'financial-planning', 'investment', 'tax-planning', 'estate-planning', 'insurance')),
	CONSTRAINT "blog_posts_format_valid" CHECK("__new_blog_posts"."format" in ('html', 'markdown'))
);
--> statement-breakpoint
INSERT INTO `__new_blog_posts`("id", "title", "slug", "excerpt", "content", "published", "published_at", "featured_image", "featured_image_alt", "featured_image_meta", "content_html", "sanitizer_version", "category", "author_id", "created_at", "updated_at") SELECT "id", "title", "slug", "excerpt", "content", "published", "published_at", "featured_image", "featured_image_alt", "featured_image_meta", "content_html", "sanitizer_version", "category", "author_id", "created_at", "updated_at" FROM `blog_posts`;--> statement-breakpoint
DROP TABLE `blog_posts`;--> statement-breakpoint
ALTER TABLE `__new_blog_posts` RENAME TO `blog_posts`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `blog_posts_slug_unique` ON `blog_posts` (`slug`);--> statement-breakpoint
CREATE INDEX `blog_posts_published_created` ON `blog_posts` (`published`,`created_at`);--> statement-breakpoint
CREATE INDEX `blog_posts_category_published_created` ON `blog_posts` (`category`,`published`,`created_at`);--> statement-breakpoint
CREATE INDEX `blog_posts_created_at` ON `blog_posts` (`created_at`);--> statement-breakpoint
-- The table was rebuilt above, which drops its triggers: the page cache's content version must follow posts again (0009).
CREATE TRIGGER IF NOT EXISTS `blog_posts_content_insert` AFTER INSERT ON `blog_posts` BEGIN UPDATE `content_version` SET `version` = `version` + 1; END;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `blog_posts_content_update` AFTER UPDATE ON `blog_posts` BEGIN UPDATE `content_version` SET `version` = `version` + 1; END;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `blog_posts_content_delete` AFTER DELETE ON `blog_posts` BEGIN UPDATE `content_version` SET `version` = `version` + 1; END;
