import * as React from "react"
import { graphql } from "gatsby"
import Slider, { type Settings } from "react-slick"
import { ContentImage } from "../primitives/ContentImage"
import { SectionHeading } from "../primitives/SectionHeading"
import { CarouselArrow } from "./CarouselArrow"

/** Spec §9: 4 visible, 3 up to 1024 px, 2 up to 768 px, 1 up to 480 px; one at a time, infinite, 800 ms. */
export const GALLERY_SETTINGS = {
  slidesToShow: 4,
  slidesToScroll: 1,
  infinite: true,
  speed: 800,
  autoplay: false,
  arrows: true,
  dots: false,
  responsive: [
    { breakpoint: 1024, settings: { slidesToShow: 3 } },
    { breakpoint: 768, settings: { slidesToShow: 2 } },
    { breakpoint: 480, settings: { slidesToShow: 1 } },
  ],
} satisfies Settings

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
            {...GALLERY_SETTINGS}
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
    items {
      id
      title
      alt
      image {
        childImageSharp {
          gatsbyImageData(width: 480, aspectRatio: 1.333, outputPixelDensities: [0.75, 1, 1.5])
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
