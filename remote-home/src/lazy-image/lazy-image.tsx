import type { ComponentPropsWithRef } from 'react';

type LazyImageProps = ComponentPropsWithRef<'img'> & {
  readonly src: string;
  /** Empty for a decorative picture that something else names. */
  readonly alt: string;
  readonly width: number;
  readonly height: number;
};

/**
 * A picture below the fold: fetched only as it nears the viewport, decoded off the main thread,
 * and given its size up front so nothing moves when it arrives.
 */
export function LazyImage({ alt, ...props }: LazyImageProps) {
  return <img loading="lazy" decoding="async" alt={alt} {...props} />;
}
