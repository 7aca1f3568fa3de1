import * as React from "react"
import { graphql } from "gatsby"
import { useInViewOnce } from "../../hooks/use-in-view-once"
import { imageData } from "../primitives/ContentImage"
import { Picture } from "../primitives/Picture"
import { SectionHeading } from "../primitives/SectionHeading"
import "./GalleryCarousel.css"
// the arrows' sheet, here so that it stays in the page's inlined stylesheet: GallerySlider, which draws them, comes later
import "./CarouselArrow.css"
import type { GallerySettingsData } from "./GallerySlider"

/**
 * Item widths of the server-rendered row, one media query per breakpoint of
 * content (the queries useVisibleCount reads): the same geometry react-slick
 * computes once it runs, so nothing moves when it takes over. react-slick's
 * own server markup always shows the widest setting.
 */
export function staticRowCss(data: GallerySettingsData): string {
  const width = (visible: number) => `.gallery__row .gallery__item{flex-basis:${100 / visible}%}`
  const steps = [...data.responsive].sort((a, b) => b.maxWidth - a.maxWidth)
  return [width(data.visible), ...steps.map((step) => `@media (max-width:${step.maxWidth}px){${width(step.visible)}}`)].join("")
}

interface Props {
  data: Queries.GalleryCarouselFragment
  labels: Queries.GalleryLabelsFragment
}

/**
 * The server-rendered row's widths, for the page's Head (a <style> belongs in
 * <head>). Set as raw CSS: React would escape it as text, which a <style>
 * does not unescape.
 */
export function GalleryRowStyle({ data }: { data: GallerySettingsData }) {
  return <style dangerouslySetInnerHTML={{ __html: staticRowCss(data) }} />
}

/** How far below the viewport the gallery may be when react-slick takes over its row. */
const TAKE_OVER_MARGIN = "600px 0px"

/**
 * react-slick, and the part of the gallery that runs it (GallerySlider), are
 * fetched only when a gallery nears the viewport: no page needs them for its
 * first paint, and react-slick is the largest library the pages would
 * otherwise load with their own code.
 */
const GallerySlider = React.lazy(() => import(/* webpackChunkName: "gallery-slider" */ "./GallerySlider").then((module) => ({ default: module.GallerySlider })))

/**
 * The image gallery shared by the home page and the solution pages. The
 * server renders a static row; react-slick is fetched and takes it over (in
 * a transition, the row staying until it is ready) once the gallery comes
 * within TAKE_OVER_MARGIN of the viewport, so a visitor who reads the top of
 * the page pays neither for its code nor for building the carousel. Its
 * pictures are plain <picture> elements (Picture), not GatsbyImage: the slides
 * render only in the browser, where GatsbyImage would load react-dom/server
 * (21 kB gzip) to hydrate them lazily.
 */
export function GalleryCarousel({ data, labels }: Props) {
  const [nearRef, near] = useInViewOnce<HTMLElement>(0, TAKE_OVER_MARGIN)
  const root = React.useRef<HTMLDivElement>(null)

  // The server's row shows the first `visible` pictures; the others are
  // out of sight until react-slick takes over, so their <picture> (a dozen
  // URLs each) stays out of the HTML and only their captions are there.
  const items = data.pictures.map((item, index) => (
    <figure key={item.id} className="gallery__item">
      {near || index < data.visible ? <Picture image={imageData(item.image, item.alt)} alt={item.alt} className="gallery__image" /> : null}
      <figcaption>{item.title}</figcaption>
    </figure>
  ))
  const row = <div className="gallery__row">{items}</div>

  return (
    <section className="section gallery" aria-labelledby="gallery-title" ref={nearRef}>
      <div className="container">
        <SectionHeading eyebrow={labels.eyebrow} title={labels.title} id="gallery-title" align="center" />
        <div className="gallery__carousel" ref={root}>
          {near ? (
            <React.Suspense fallback={row}>
              <GallerySlider data={data} labels={labels} root={root}>
                {items}
              </GallerySlider>
            </React.Suspense>
          ) : (
            row
          )}
        </div>
      </div>
    </section>
  )
}

export const query = graphql`
  fragment GalleryCarousel on GalleryJson {
    visible
    transitionSpeed
    responsive {
      maxWidth
      visible
    }
    pictures {
      id
      title
      alt
      image {
        childImageSharp {
          gatsbyImageData(
            width: 480
            aspectRatio: 1.333
            outputPixelDensities: [0.75, 1, 1.5]
            sizes: "(min-width: 1240px) 290px, (min-width: 1025px) 23vw, (min-width: 769px) 31vw, (min-width: 481px) 47vw, 92vw"
          )
        }
      }
    }
  }

  fragment GalleryLabels on SiteGallery {
    eyebrow
    title
    previous
    next
  }
`
