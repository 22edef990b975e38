ALTER TABLE `blog_posts` ADD `featured_image_alt` text;--> statement-breakpoint
ALTER TABLE `blog_posts` ADD `featured_image_meta` text;--> statement-breakpoint
ALTER TABLE `blog_posts` ADD `content_html` text;--> statement-breakpoint
ALTER TABLE `blog_posts` ADD `sanitizer_version` integer DEFAULT 0 NOT NULL;