import type { CSSProperties } from 'react';

/** An uploaded image as the server answers it: its size and each kept width. */
export interface ImageRenditions {
  width: number;
  height: number;
  renditions: readonly { width: number; height: number; url: string }[];
}

/**
 * An uploaded image (a stylist's photo; events and style guides too) at the width the layout needs:
 * every kept width in `srcset`, `sizes` says how wide it is shown, and its width and height let the
 * browser keep its place before it arrives (no layout shift). `width` is the width it is shown at.
 */
export function ResponsiveImage({
  image,
  alt,
  sizes,
  width,
  className,
  style,
  loading = 'lazy',
}: {
  image: ImageRenditions;
  alt: string;
  sizes: string;
  width: number;
  className?: string;
  style?: CSSProperties;
  loading?: 'lazy' | 'eager';
}) {
  const smallest = image.renditions.find((r) => r.width >= width) ?? image.renditions.at(-1);
  const height = Math.round((width * image.height) / image.width);
  return (
    <img
      src={smallest?.url}
      srcSet={image.renditions.map((r) => `${r.url} ${r.width}w`).join(', ')}
      sizes={sizes}
      width={width}
      height={height}
      alt={alt}
      className={className}
      style={style}
      loading={loading}
      decoding="async"
    />
  );
}
