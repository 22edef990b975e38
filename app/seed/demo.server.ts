/** Demo blog posts and professionals for an empty database (filled in by the content work). */
export function seedDemoContent() {}
