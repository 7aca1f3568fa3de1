import * as React from "react"
import Slider, { type Settings } from "react-slick"
import { useInertSlides } from "../../hooks/use-inert-slides"
import { useVisibleCount } from "../../hooks/use-visible-count"
import { CarouselArrow } from "./CarouselArrow"

export type GallerySettingsData = Pick<Queries.GalleryCarouselFragment, "visible" | "transitionSpeed" | "responsive">

/**
 * One item at a time, infinite, arrows, no autoplay, with the speed from
 * content (transitionSpeed, 800 ms in the sample: the business constant for a
 * carousel's slide); `visible` is how many fit the viewport now.
 */
export function gallerySettings(data: Pick<GallerySettingsData, "transitionSpeed">, visible: number): Settings {
  return {
    slidesToShow: visible,
    slidesToScroll: 1,
    infinite: true,
    speed: data.transitionSpeed,
    autoplay: false,
    arrows: true,
    dots: false,
  }
}

interface Props {
  data: GallerySettingsData
  labels: Pick<Queries.GalleryLabelsFragment, "previous" | "next">
  /** The carousel's box, whose slides react-slick hides are kept out of the tab order */
  root: React.RefObject<HTMLElement>
  children: React.ReactNode
}

/**
 * The gallery's row as react-slick runs it: in a chunk of its own with
 * react-slick (GalleryCarousel fetches it when the gallery nears the
 * viewport), so no page's start-up scripts carry the carousel's settings,
 * the breakpoints' reading or its arrows.
 */
export function GallerySlider({ data, labels, root, children }: Props) {
  const visible = useVisibleCount(data)
  useInertSlides(root)
  return (
    <Slider
      {...gallerySettings(data, visible)}
      prevArrow={<CarouselArrow direction="previous" label={labels.previous} />}
      nextArrow={<CarouselArrow direction="next" label={labels.next} />}
    >
      {children}
    </Slider>
  )
}
