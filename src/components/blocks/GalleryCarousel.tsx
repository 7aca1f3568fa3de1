import * as React from "react"
import { graphql } from "gatsby"
import Slider, { type Settings } from "react-slick"
import { ContentImage } from "../primitives/ContentImage"
import { SectionHeading } from "../primitives/SectionHeading"
import { CarouselArrow } from "./CarouselArrow"

type GallerySettingsData = Pick<Queries.GalleryCarouselFragment, "visible" | "transitionSpeed" | "responsive">

/**
 * One item at a time, infinite, arrows, no autoplay; how many are visible at
 * which widths and the speed come from content (spec §9: 4, then 3 up to
 * 1024 px, 2 up to 768 px, 1 up to 480 px; 800 ms).
 */
export function gallerySettings(data: GallerySettingsData): Settings {
  return {
    slidesToShow: data.visible,
    slidesToScroll: 1,
    infinite: true,
    speed: data.transitionSpeed,
    autoplay: false,
    arrows: true,
    dots: false,
    responsive: data.responsive.map((step) => ({ breakpoint: step.maxWidth, settings: { slidesToShow: step.visible } })),
  }
}

interface Props {
  data: Queries.GalleryCarouselFragment
  labels: Queries.GalleryLabelsFragment
}

/** The image gallery shared by the home page and the solution pages. */
export function GalleryCarousel({ data, labels }: Props) {
  return (
    <section className="section gallery" aria-labelledby="gallery-title">
      <div className="container">
        <SectionHeading eyebrow={labels.eyebrow} title={labels.title} id="gallery-title" align="center" />
        <div className="gallery__carousel">
          <Slider
            {...gallerySettings(data)}
            prevArrow={<CarouselArrow direction="previous" label={labels.previous} />}
            nextArrow={<CarouselArrow direction="next" label={labels.next} />}
          >
            {data.items.map((item) => (
              <figure key={item.id} className="gallery__item">
                <ContentImage file={item.image} alt={item.alt} className="gallery__image" />
                <figcaption>{item.title}</figcaption>
              </figure>
            ))}
          </Slider>
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
    items {
      id
      title
      alt
      image {
        childImageSharp {
          gatsbyImageData(width: 480, aspectRatio: 1.333, outputPixelDensities: [0.75, 1, 1.5], sizes: "(min-width: 1240px) 290px, (min-width: 1025px) 23vw, (min-width: 769px) 31vw, (min-width: 481px) 47vw, 92vw")
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
