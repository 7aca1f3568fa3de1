import * as React from "react"
import { graphql } from "gatsby"
import { useHydrated } from "../../hooks/use-hydrated"
import { usePageLoaded } from "../../hooks/use-page-loaded"
import { useReducedMotion } from "../../hooks/use-reduced-motion"
import { fill } from "../../lib/text"
import { imageData } from "../primitives/ContentImage"
import { PauseIcon, PlayIcon } from "../primitives/Icons"
import { Picture } from "../primitives/Picture"
import { SmartLink } from "../primitives/SmartLink"
import { CarouselArrow } from "./CarouselArrow"
import "./HeroCarousel.css"

/** How far (px) a pointer must travel sideways over the slides to count as a swipe. */
export const SWIPE_PX = 40

/** The slide `steps` away from `index`, wrapping around both ends. */
export function wrapSlide(index: number, steps: number, total: number): number {
  return (((index + steps) % total) + total) % total
}

interface Props {
  data: Queries.HeroCarouselFragment
  labels: Queries.HeroLabelsFragment
}

/** What the visitor chose with the pause/play control; "auto" follows prefers-reduced-motion. */
type MotionChoice = "auto" | "play" | "pause"

/**
 * The home page's hero: one slide at a time, stacked in one grid cell, the
 * next fading in over the last at content's transition speed (800 ms in the
 * sample); dots, previous/next buttons, arrow keys and a sideways swipe move
 * it, and it wraps around. Slides rotate every `autoplayInterval` ms unless
 * the pause/play control (first in the tab order, WCAG 2.2.2), the pointer,
 * keyboard focus or prefers-reduced-motion stops them. Only the active slide
 * plays its muted loop, and only once the page has loaded.
 *
 * A fade is a change of one class, so the hero is built here rather than with
 * react-slick: react-slick measured the page as it mounted (a forced layout
 * in the commit of the page's hydration) and positioned slides in pixels the
 * stylesheet had to override, and its code (16 KB gzip) was the largest part
 * of the JavaScript the home page loaded. The server's HTML is the final
 * geometry, slide 1 showing.
 *
 * Without JavaScript nothing can change slides, so the server's HTML leaves
 * every slide in the tab order and the accessibility tree, and the sheet's
 * `@media (scripting: none)` stacks them one under the other.
 * Hidden slides become inert (and aria-hidden) once the page has hydrated;
 * until then, with scripts on, they are visibility: hidden, which keeps them
 * out of both just the same.
 */
export function HeroCarousel({ data, labels }: Props) {
  const root = React.useRef<HTMLElement>(null)
  const [active, setActive] = React.useState(0)
  const [choice, setChoice] = React.useState<MotionChoice>("auto")
  const loaded = usePageLoaded()
  const hydrated = useHydrated()
  const reducedMotion = useReducedMotion()
  const moving = choice === "play" || (choice === "auto" && !reducedMotion)
  const [hovered, setHovered] = React.useState(false)
  const [focused, setFocused] = React.useState(false)
  const swipeStart = React.useRef<number | null>(null)
  const total = data.slides.length
  const go = React.useCallback((steps: number) => setActive((current) => wrapSlide(current, steps, total)), [total])

  // The next slide comes autoplayInterval ms after the current one arrived,
  // unless rotation is paused or the pointer or keyboard focus is inside.
  React.useEffect(() => {
    if (!moving || hovered || focused || total < 2) return
    const timer = window.setTimeout(() => go(1), data.autoplayInterval)
    return () => window.clearTimeout(timer)
  }, [moving, hovered, focused, active, data.autoplayInterval, go, total])

  const fade = { "--hero-fade": `${reducedMotion ? 0 : data.transitionSpeed}ms` } as React.CSSProperties
  return (
    <section
      className="hero"
      ref={root}
      style={fade}
      aria-roledescription="carousel"
      aria-label={data.label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => setFocused(root.current?.contains(event.relatedTarget as Node | null) ?? false)}
      onKeyDown={(event) => {
        if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return
        if ((event.target as HTMLElement).closest("input, textarea, select")) return
        event.preventDefault()
        go(event.key === "ArrowRight" ? 1 : -1)
      }}
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
        {/* both drawn, one shown: the page's icon sprite keeps the symbols of the icons in its HTML */}
        <PauseIcon aria-hidden="true" size={20} hidden={!moving} />
        <PlayIcon aria-hidden="true" size={20} hidden={moving} />
      </button>
      <div
        className="hero__slides"
        onPointerDown={(event) => {
          swipeStart.current = event.isPrimary ? event.clientX : null
        }}
        onPointerUp={(event) => {
          const start = swipeStart.current
          swipeStart.current = null
          if (start === null || !event.isPrimary) return
          const distance = event.clientX - start
          if (Math.abs(distance) >= SWIPE_PX) go(distance < 0 ? 1 : -1)
        }}
        onPointerCancel={() => {
          swipeStart.current = null
        }}
      >
        {data.slides.map((slide, index) => {
          const current = index === active
          const hidden = hydrated && !current
          const Heading = index === 0 ? "h1" : "h2"
          const image = imageData(slide.poster, slide.posterAlt)
          // Posters after the first wait for the page's load event, so they never compete with the LCP image.
          const showPoster = index === 0 || loaded
          const playVideo = current && loaded && moving
          return (
            <div
              key={slide.mainHeading}
              className={current ? "hero__slide hero__slide--active" : "hero__slide"}
              data-index={index}
              aria-hidden={hidden ? true : undefined}
              // hidden slides leave the tab order and the accessibility tree (React 18 passes the string through)
              {...(hidden ? { inert: "" } : {})}
            >
              <div className="hero-slide" role="group" aria-roledescription="slide" aria-label={fill(labels.slideLabel, { n: index + 1, total })}>
                {showPoster ? <Picture image={image} alt={slide.posterAlt} className="hero-slide__media" priority={index === 0} fill /> : null}
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
                  <SmartLink to={slide.buttonLink} className="button button--amber">
                    {slide.buttonText}
                  </SmartLink>
                </div>
              </div>
            </div>
          )
        })}
      </div>
      {total > 1 ? (
        <>
          <CarouselArrow direction="previous" label={labels.previous} onClick={() => go(-1)} />
          <CarouselArrow direction="next" label={labels.next} onClick={() => go(1)} />
          <ul className="hero__dots">
            {data.slides.map((slide, index) => (
              <li key={slide.mainHeading}>
                <button
                  type="button"
                  aria-label={fill(labels.slideLabel, { n: index + 1, total })}
                  aria-current={index === active ? "true" : undefined}
                  onClick={() => setActive(index)}
                />
              </li>
            ))}
          </ul>
        </>
      ) : null}
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
