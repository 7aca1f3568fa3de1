import * as React from "react"
import type { IGatsbyImageData } from "gatsby-plugin-image"
import { Picture } from "./Picture"

export interface ImageFile {
  readonly childImageSharp: { readonly gatsbyImageData: IGatsbyImageData } | null
}

interface Props {
  file: ImageFile
  alt: string
  className?: string
  /** The page's largest picture above the fold: fetched at once, first (see Picture) */
  priority?: boolean
}

/**
 * A content image processed by sharp, as a plain <picture> (AVIF and WebP
 * srcsets from gatsby-plugin-image's data). Not GatsbyImage: its server
 * HTML is an <img> without src at opacity 0 until its script runs, which is
 * invalid HTML and hides pictures without JavaScript; a browser's native lazy
 * loading does the same job. A file sharp could not read (an SVG or a broken
 * upload where a photo belongs) stops the page from rendering with the alt
 * text in the message, so the build says which image is wrong.
 */
export function ContentImage({ file, alt, className, priority }: Props) {
  return <Picture image={imageData(file, alt)} alt={alt} className={className} priority={priority} />
}

/** The processed image of a content file, or an error naming the picture by its alt text. */
export function imageData(file: ImageFile, alt: string): IGatsbyImageData {
  const image = file.childImageSharp?.gatsbyImageData
  if (!image) {
    throw new Error(`The image for "${alt}" is not a raster image sharp can process (use JPEG, PNG, WebP or AVIF).`)
  }
  return image
}
