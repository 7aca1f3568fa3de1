import * as React from "react"
import type { IGatsbyImageData } from "gatsby-plugin-image"

interface Props {
  image: IGatsbyImageData
  alt: string
  className?: string
  /** The LCP image: fetched eagerly and first */
  priority?: boolean
}

/**
 * A plain <picture> from gatsby-plugin-image data (AVIF, WebP, JPEG srcsets),
 * for the hero poster: unlike GatsbyImage it renders fully opaque in the
 * server HTML and can carry fetchpriority, so it can be the LCP element.
 */
export function Picture({ image, alt, className, priority = false }: Props) {
  const { sources = [], fallback } = image.images
  return (
    <picture className={className}>
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={source.sizes} />
      ))}
      <img
        src={fallback?.src}
        srcSet={fallback?.srcSet}
        sizes={fallback?.sizes}
        alt={alt}
        width={image.width}
        height={image.height}
        decoding="async"
        loading={priority ? "eager" : "lazy"}
        {...(priority ? { fetchpriority: "high" } : {})}
      />
    </picture>
  )
}

/** The preload hint for a priority <Picture>, in the best format the browser supports. */
export function PicturePreload({ image }: { image: IGatsbyImageData }) {
  const best = image.images.sources?.[0]
  if (!best) return null
  return <link rel="preload" as="image" type={best.type} imageSrcSet={best.srcSet} imageSizes={best.sizes} fetchPriority="high" />
}
