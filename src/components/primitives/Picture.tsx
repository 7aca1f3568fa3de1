import * as React from "react"
import type { IGatsbyImageData } from "gatsby-plugin-image"
import "./Picture.css"

interface Props {
  image: IGatsbyImageData
  alt: string
  className?: string
  /** The LCP image: fetched eagerly and first */
  priority?: boolean
  /** Covers its box (sized by the caller's class), cropped to it */
  fill?: boolean
}

/**
 * A plain <picture> from gatsby-plugin-image data (AVIF and WebP srcsets),
 * its dominant colour behind it while it loads. Unlike GatsbyImage it renders
 * fully opaque in the server HTML, needs no script, and can carry
 * fetchpriority, so the hero poster can be the LCP element.
 */
export function Picture({ image, alt, className, priority = false, fill = false }: Props) {
  const { sources = [], fallback } = image.images
  // width/height only give the aspect ratio, but must be whole numbers: a
  // full-width image's data holds 1 × 0.5625, so scale those up
  const scale = Number.isInteger(image.width) && Number.isInteger(image.height) ? 1 : 1000 / image.width
  const width = Math.round(image.width * scale)
  const height = Math.round(image.height * scale)
  // A lazy picture is `content-visibility: auto` (see .picture--deferred):
  // the browser neither lays out nor fetches it until it nears the viewport,
  // so pictures below the fold do not compete with the first paint. Its box
  // is sized without its contents, so it takes the <img>'s size here: its
  // aspect ratio, and at most its width (as the <img> has max-width: 100%)
  // unless it is a full-width image, which its container sizes.
  const box: React.CSSProperties = priority ? {} : { aspectRatio: `${width} / ${height}`, ...(image.layout === "fullWidth" ? {} : { maxWidth: `${width}px` }) }
  return (
    <picture
      className={["picture", priority ? "" : "picture--deferred", fill ? "picture--fill" : "", className ?? ""].filter(Boolean).join(" ")}
      style={{ ...box, ...(image.backgroundColor ? { backgroundColor: image.backgroundColor } : {}) }}
    >
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={source.sizes} />
      ))}
      <img
        src={fallback?.src}
        srcSet={fallback?.srcSet}
        sizes={fallback?.sizes}
        alt={alt}
        width={width}
        height={height}
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
