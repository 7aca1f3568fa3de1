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
 * its dominant colour behind it while it loads. Unlike GatsbyImage it renders
 * fully opaque in the server HTML, needs no script, and can carry
 * fetchpriority, so the hero poster can be the LCP element.
 */
export function Picture({ image, alt, className, priority = false }: Props) {
  const { sources = [], fallback } = image.images
  // width/height only give the aspect ratio, but must be whole numbers: a
  // full-width image's data holds 1 × 0.5625, so scale those up
  const scale = Number.isInteger(image.width) && Number.isInteger(image.height) ? 1 : 1000 / image.width
  return (
    <picture className={`picture ${className ?? ""}`.trim()} style={image.backgroundColor ? { backgroundColor: image.backgroundColor } : undefined}>
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={source.sizes} />
      ))}
      <img
        src={fallback?.src}
        srcSet={fallback?.srcSet}
        sizes={fallback?.sizes}
        alt={alt}
        width={Math.round(image.width * scale)}
        height={Math.round(image.height * scale)}
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
