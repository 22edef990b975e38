/** An uploaded image's limits and the messages people read when one is refused (toast title, then text). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_ERRORS = {
  tooLarge: { title: "File Too Large", message: "Image must be less than 5MB" },
  invalidType: { title: "Invalid File Type", message: "Only JPEG, PNG, GIF, and WebP images are allowed" },
  failed: { title: "Error", message: "Failed to upload image" },
} as const;
export type ImageError = (typeof IMAGE_ERRORS)[keyof typeof IMAGE_ERRORS];

/** What a page needs to render a featured image without layout shift: src, srcset, intrinsic size, alt. */
export type ResponsiveImage = { src: string; srcSet: string; width: number; height: number; alt: string };

/** The `sizes` of a featured image in the post page's column (max-w-3xl less padding) and in the list's cards. */
export const POST_IMAGE_SIZES = "(min-width: 768px) 720px, calc(100vw - 48px)";
export const CARD_IMAGE_SIZES = "(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw";
