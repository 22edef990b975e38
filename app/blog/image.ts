/** What a page needs to draw a featured image without layout shift: src, srcset, intrinsic size, alt. */
export type ResponsiveImage = { src: string; srcSet: string; width: number; height: number; alt: string };

/** The `sizes` of a featured image in the post page's column (max-w-3xl less padding) and in the list's cards. */
export const POST_IMAGE_SIZES = "(min-width: 768px) 720px, calc(100vw - 48px)";
export const CARD_IMAGE_SIZES = "(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw";
