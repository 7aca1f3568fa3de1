import * as React from "react"
import { graphql } from "gatsby"
import Slider, { type Settings } from "react-slick"
import { useInertSlides } from "../../hooks/use-inert-slides"
import { usePageLoaded } from "../../hooks/use-page-loaded"
import { useReducedMotion } from "../../hooks/use-reduced-motion"
import { fill } from "../../lib/text"
import { imageData } from "../primitives/ContentImage"
import { PauseIcon, PlayIcon } from "../primitives/Icons"
import { Picture } from "../primitives/Picture"
import { SmartLink } from "../primitives/SmartLink"
import { CarouselArrow } from "./CarouselArrow"
import "./HeroCarousel.css"

/**
 * One slide at a time with a fade, dots and arrows, at content's transition
 * speed (800 ms in the sample: the business constant for a fade). Rotation (every `autoplayInterval` ms) is driven by
 * the component itself, not react-slick's autoplay, so that the pause/play
 * control, pointer, focus and reduced motion all stop it the same way.
 */
export function heroSettings(data: Pick<Queries.HeroCarouselFragment, "transitionSpeed">): Settings {
  return {
    slidesToShow: 1,
    slidesToScroll: 1,
    fade: true,
    autoplay: false,
    speed: data.transitionSpeed,
    dots: true,
    // react-slick's own dots are <button> without type
    customPaging: (index: number) => <button type="button">{index + 1}</button>,
    arrows: true,
    infinite: true,
  }
}

interface Props {
  data: Queries.HeroCarouselFragment
  labels: Queries.HeroLabelsFragment
}

/** What the visitor chose with the pause/play control; "auto" follows prefers-reduced-motion. */
type MotionChoice = "auto" | "play" | "pause"

/**
 * The home page's hero: slides fade every few seconds; only the active slide
 * plays its muted loop, and only once the page has loaded. The pause/play
 * control (first in the carousel's tab order) stops rotation and video
 * (WCAG 2.2.2); under prefers-reduced-motion nothing moves until asked.
 */
export function HeroCarousel({ data, labels }: Props) {
  const root = React.useRef<HTMLElement>(null)
  const slider = React.useRef<Slider>(null)
  const [active, setActive] = React.useState(0)
  const [choice, setChoice] = React.useState<MotionChoice>("auto")
  const loaded = usePageLoaded()
  const reducedMotion = useReducedMotion()
  const settings = heroSettings(data)
  const moving = choice === "play" || (choice === "auto" && !reducedMotion)
  const [hovered, setHovered] = React.useState(false)
  const [focused, setFocused] = React.useState(false)
  useInertSlides(root)

  // The next slide comes autoplayInterval ms after the current one arrived,
  // unless rotation is paused or the pointer or keyboard focus is inside.
  React.useEffect(() => {
    if (!moving || hovered || focused) return
    const timer = window.setTimeout(() => slider.current?.slickNext(), data.autoplayInterval)
    return () => window.clearTimeout(timer)
  }, [moving, hovered, focused, active, data.autoplayInterval])

  const total = data.slides.length
  return (
    <section
      className="hero"
      ref={root}
      aria-roledescription="carousel"
      aria-label={data.label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => setFocused(root.current?.contains(event.relatedTarget as Node | null) ?? false)}
    >
      <button
        type="button"
        className="hero__toggle"
        aria-label={moving ? labels.pause : labels.play}
        onClick={() => {
          // Asking to play resumes rotation even though pointer and focus are on this button.
          if (!moving) {
            setHovered(false)
            setFocused(false)
          }
          setChoice(moving ? "pause" : "play")
        }}
      >
        {moving ? <PauseIcon aria-hidden="true" size={20} /> : <PlayIcon aria-hidden="true" size={20} />}
      </button>
      <Slider
        ref={slider}
        {...settings}
        speed={reducedMotion ? 0 : settings.speed}
        beforeChange={(_, next) => setActive(next)}
        prevArrow={<CarouselArrow direction="previous" label={labels.previous} />}
        nextArrow={<CarouselArrow direction="next" label={labels.next} />}
      >
        {data.slides.map((slide, index) => {
          const Heading = index === 0 ? "h1" : "h2"
          const image = imageData(slide.poster, slide.posterAlt)
          // Posters after the first wait for the page's load event, so they never compete with the LCP image.
          const showPoster = index === 0 || loaded
          const playVideo = index === active && loaded && moving
          return (
            <div key={slide.mainHeading}>
              <div className="hero-slide" role="group" aria-roledescription="slide" aria-label={fill(labels.slideLabel, { n: index + 1, total })}>
                {showPoster ? <Picture image={image} alt={slide.posterAlt} className="hero-slide__media" priority={index === 0} /> : null}
                {playVideo ? (
                  <video className="hero-slide__video" autoPlay muted loop playsInline aria-hidden="true">
                    {slide.videoWebm?.publicURL ? <source src={slide.videoWebm.publicURL} type="video/webm" /> : null}
                    <source src={slide.video.publicURL ?? ""} type="video/mp4" />
                  </video>
                ) : null}
                <div className="hero-slide__shade" />
                <div className="container hero-slide__content">
                  <p className="hero-slide__kicker">{slide.smallHeading}</p>
                  <Heading className="hero-slide__title">{slide.mainHeading}</Heading>
                  <p className="hero-slide__text">{slide.paragraph}</p>
                  <SmartLink to={slide.buttonLink} className="button button--amber" tabIndex={index === active ? undefined : -1}>
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
