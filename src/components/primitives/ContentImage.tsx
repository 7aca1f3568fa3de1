import * as React from "react"
import { GatsbyImage, type GatsbyImageProps, type IGatsbyImageData } from "gatsby-plugin-image"

export interface ImageFile {
  readonly childImageSharp: { readonly gatsbyImageData: IGatsbyImageData } | null
}

type Props = Omit<GatsbyImageProps, "image" | "alt"> & {
  file: ImageFile
  alt: string
}

/**
 * A content image processed by sharp. A file sharp could not read (an SVG or a
 * broken upload where a photo belongs) stops the page from rendering with the
 * alt text in the message, so the build says which image is wrong.
 */
export function ContentImage({ file, alt, ...rest }: Props) {
  return <GatsbyImage image={imageData(file, alt)} alt={alt} {...rest} />
}

/** The processed image of a content file, or an error naming the picture by its alt text. */
export function imageData(file: ImageFile, alt: string): IGatsbyImageData {
  const image = file.childImageSharp?.gatsbyImageData
  if (!image) {
    throw new Error(`The image for "${alt}" is not a raster image sharp can process (use JPEG, PNG, WebP or AVIF).`)
  }
  return image
}
