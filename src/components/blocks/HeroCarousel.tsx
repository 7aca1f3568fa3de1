import * as React from "react"
import { graphql } from "gatsby"
import Slider, { type Settings } from "react-slick"
import { usePageLoaded } from "../../hooks/use-page-loaded"
import { useReducedMotion } from "../../hooks/use-reduced-motion"
import { fill } from "../../lib/text"
import { ContentImage } from "../primitives/ContentImage"
import { SmartLink } from "../primitives/SmartLink"
import { CarouselArrow } from "./CarouselArrow"

/** One slide at a time with a fade, dots and arrows; the timings come from content (spec §9: 8000 ms, 800 ms). */
export function heroSettings(data: Pick<Queries.HeroCarouselFragment, "autoplayInterval" | "transitionSpeed">): Settings {
  return {
    slidesToShow: 1,
    slidesToScroll: 1,
    fade: true,
    autoplay: true,
    autoplaySpeed: data.autoplayInterval,
    speed: data.transitionSpeed,
    dots: true,
    arrows: true,
    infinite: true,
    pauseOnHover: true,
    pauseOnFocus: true,
  }
}

interface Props {
  data: Queries.HeroCarouselFragment
  labels: Queries.HeroLabelsFragment
}

export function HeroCarousel({ data, labels }: Props) {
  const [active, setActive] = React.useState(0)
  const loaded = usePageLoaded()
  const reducedMotion = useReducedMotion()
  const total = data.slides.length
  const settings = heroSettings(data)

  return (
    <section className="hero" aria-roledescription="carousel" aria-label={data.label}>
      <Slider
        {...settings}
        autoplay={settings.autoplay && !reducedMotion}
        beforeChange={(_, next) => setActive(next)}
        prevArrow={<CarouselArrow direction="previous" label={labels.previous} />}
        nextArrow={<CarouselArrow direction="next" label={labels.next} />}
      >
        {data.slides.map((slide, index) => {
          const Heading = index === 0 ? "h1" : "h2"
          const playing = index === active && loaded && !reducedMotion
          return (
            <div key={slide.mainHeading}>
              <div
                className="hero-slide"
                role="group"
                aria-roledescription="slide"
                aria-label={fill(labels.slideLabel, { n: index + 1, total })}
              >
                <ContentImage
                  file={slide.poster}
                  alt={slide.posterAlt}
                  className="hero-slide__media"
                  loading={index === 0 ? "eager" : "lazy"}
                />
                {playing ? (
                  <video className="hero-slide__video" autoPlay muted loop playsInline aria-hidden="true" poster={slide.poster.publicURL ?? undefined}>
                    {slide.videoWebm?.publicURL ? <source src={slide.videoWebm.publicURL} type="video/webm" /> : null}
                    <source src={slide.video.publicURL ?? ""} type="video/mp4" />
                  </video>
                ) : null}
                <div className="hero-slide__shade" />
                <div className="container hero-slide__content">
                  <p className="hero-slide__kicker">{slide.smallHeading}</p>
                  <Heading className="hero-slide__title">{slide.mainHeading}</Heading>
                  <p className="hero-slide__text">{slide.paragraph}</p>
                  <SmartLink to={slide.buttonLink} className="button button--amber">
                    {slide.buttonText}
                  </SmartLink>
                </div>
              </div>
            </div>
          )
        })}
      </Slider>
    </section>
  )
}

export const query = graphql`
  fragment HeroCarousel on HeroJson {
    label
    autoplayInterval
    transitionSpeed
    slides {
      smallHeading
      mainHeading
      paragraph
      buttonText
      buttonLink
      posterAlt
      poster {
        publicURL
        childImageSharp {
          gatsbyImageData(
            layout: FULL_WIDTH
            breakpoints: [640, 1080, 1440, 1920]
            quality: 70
            placeholder: NONE
            # the slide is 600 px tall below 1067 px, so the cover-cropped poster is wider than the screen
            sizes: "(max-width: 1066px) 1067px, 100vw"
          )
        }
      }
      video {
        publicURL
      }
      videoWebm {
        publicURL
      }
    }
  }

  fragment HeroLabels on SiteHeroControls {
    previous
    next
    pause
    play
    slideLabel
  }
`
