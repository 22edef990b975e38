import type { ResponsiveImage } from "~/platform/uploads/image";

/**
 * A featured image with its WebP widths (srcset/sizes) and intrinsic size (width/height), so the
 * browser picks the smallest file that is sharp enough and reserves the space before it loads.
 */
export function FeaturedImage({
  image,
  sizes,
  className,
  priority = false,
}: {
  image: ResponsiveImage;
  sizes: string;
  className?: string;
  /** The post page's hero: fetched at once. Cards below the fold load lazily. */
  priority?: boolean;
}) {
  return (
    <img
      src={image.src}
      srcSet={image.srcSet || undefined}
      sizes={image.srcSet ? sizes : undefined}
      width={image.width}
      height={image.height}
      alt={image.alt}
      loading={priority ? "eager" : "lazy"}
      decoding="async"
      fetchPriority={priority ? "high" : undefined}
      className={className}
    />
  );
}
