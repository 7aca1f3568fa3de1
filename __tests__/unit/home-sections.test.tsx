import * as React from "react"
import { fireEvent, render, screen, within } from "@testing-library/react"
import { CallToAction } from "../../src/components/blocks/CallToAction"
import { staticRowCss } from "../../src/components/blocks/GalleryCarousel"
import { gallerySettings } from "../../src/components/blocks/GallerySlider"
import { HeroCarousel, wrapSlide } from "../../src/components/blocks/HeroCarousel"
import { Overview } from "../../src/components/blocks/Overview"
import { ServiceIndustry } from "../../src/components/blocks/ServiceIndustry"
import { WhyChooseUs } from "../../src/components/blocks/WhyChooseUs"
import { AboutUs } from "../../src/components/blocks/AboutUs"
import { imageFile, publicFile } from "../fixtures/image"

const heroLabels = { previous: "Prev", next: "Next", pause: "Pause", play: "Play", slideLabel: "Slide {n} of {total}" }

const slide = (n: number) => ({
  smallHeading: `Kicker ${n}`,
  mainHeading: `Heading ${n}`,
  paragraph: `Paragraph ${n}`,
  buttonText: `Button ${n}`,
  buttonLink: `/page-${n}`,
  posterAlt: `Poster ${n}`,
  poster: imageFile(`poster-${n}`, 1920, 1080),
  video: publicFile(`clip-${n}.mp4`),
  videoWebm: n === 1 ? publicFile(`clip-${n}.webm`) : null,
})

describe("HeroCarousel", () => {
  const renderHero = () =>
    render(<HeroCarousel data={{ label: "Highlights", autoplayInterval: 8000, transitionSpeed: 800, slides: [1, 2, 3, 4].map(slide) }} labels={heroLabels} />)
  const shown = (container: HTMLElement) => [...container.querySelectorAll(".hero__slide--active")].map((element) => element.getAttribute("data-index"))

  it("wraps around both ends", () => {
    expect(wrapSlide(3, 1, 4)).toBe(0)
    expect(wrapSlide(0, -1, 4)).toBe(3)
    expect(wrapSlide(1, 2, 4)).toBe(3)
  })

  it("shows one slide at a time, fading at content's speed, and moves with its arrows and dots", () => {
    const { container } = renderHero()
    const hero = container.querySelector(".hero") as HTMLElement
    expect(hero.style.getPropertyValue("--hero-fade")).toMatch(/^(0|800)ms$/)
    expect(shown(container)).toEqual(["0"])
    // the others are hidden, out of the tab order and the accessibility tree
    for (const other of container.querySelectorAll(".hero__slide:not(.hero__slide--active)")) {
      expect(other).toHaveAttribute("aria-hidden", "true")
      expect(other).toHaveAttribute("inert")
    }
    fireEvent.click(screen.getByRole("button", { name: "Next" }))
    expect(shown(container)).toEqual(["1"])
    fireEvent.click(screen.getByRole("button", { name: "Prev" }))
    fireEvent.click(screen.getByRole("button", { name: "Prev" }))
    expect(shown(container)).toEqual(["3"])
    fireEvent.click(screen.getByRole("button", { name: "Slide 2 of 4" }))
    expect(shown(container)).toEqual(["1"])
    expect(screen.getByRole("button", { name: "Slide 2 of 4" })).toHaveAttribute("aria-current", "true")
    expect(screen.getByRole("button", { name: "Slide 1 of 4" })).not.toHaveAttribute("aria-current")
  })

  it("renders every slide's headings, paragraph and button link", () => {
    render(<HeroCarousel data={{ label: "Highlights", autoplayInterval: 8000, transitionSpeed: 800, slides: [1, 2, 3, 4].map(slide) }} labels={heroLabels} />)
    for (const n of [1, 2, 3, 4]) {
      expect(screen.getAllByText(`Kicker ${n}`).length).toBeGreaterThan(0)
      expect(screen.getAllByText(`Paragraph ${n}`).length).toBeGreaterThan(0)
      expect(screen.getAllByRole("link", { name: `Button ${n}`, hidden: true })[0]).toHaveAttribute("href", `/page-${n}`)
    }
    expect(screen.getByRole("heading", { level: 1, name: "Heading 1" })).toBeInTheDocument()
    expect(screen.getByRole("button", { name: "Prev" })).toBeInTheDocument()
    expect(screen.getByRole("button", { name: "Next" })).toBeInTheDocument()
  })
})

describe("AboutUs", () => {
  it("is the #about anchor", () => {
    const { container } = render(
      <AboutUs data={{ eyebrow: "About Us", title: "Who", paragraphs: ["One", "Two"], alt: "Plant", link: null, image: imageFile("about") }} />,
    )
    expect(container.querySelector("section")).toHaveAttribute("id", "about")
    expect(screen.getByRole("heading", { name: "Who" })).toBeInTheDocument()
    expect(screen.getByRole("img", { name: "Plant" })).toBeInTheDocument()
  })
})

describe("Overview tabs", () => {
  const data = {
    eyebrow: "Overview",
    title: "Overview title",
    alt: "",
    image: imageFile("overview"),
    tabs: [
      { id: "about", label: "About", title: "About title", paragraphs: ["About text"] },
      { id: "mission", label: "Our Mission", title: "Mission title", paragraphs: ["Mission text"] },
      { id: "vision", label: "Our Vision", title: "Vision title", paragraphs: ["Vision text"] },
    ],
  }

  it("shows one panel at a time and switches on click", () => {
    render(<Overview data={data} />)
    expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual(["About", "Our Mission", "Our Vision"])
    expect(screen.getByRole("tabpanel")).toHaveTextContent("About text")
    fireEvent.click(screen.getByRole("tab", { name: "Our Mission" }))
    expect(screen.getByRole("tab", { name: "Our Mission" })).toHaveAttribute("aria-selected", "true")
    expect(screen.getByRole("tabpanel")).toHaveTextContent("Mission text")
  })

  it("moves between tabs with the arrow keys, wrapping around", () => {
    render(<Overview data={data} />)
    const about = screen.getByRole("tab", { name: "About" })
    fireEvent.keyDown(about, { key: "ArrowLeft" })
    expect(screen.getByRole("tab", { name: "Our Vision" })).toHaveFocus()
    expect(screen.getByRole("tabpanel")).toHaveTextContent("Vision text")
    fireEvent.keyDown(screen.getByRole("tab", { name: "Our Vision" }), { key: "ArrowRight" })
    expect(screen.getByRole("tabpanel")).toHaveTextContent("About text")
  })
})

describe("ServiceIndustry", () => {
  it("shows each card with its image, title, description and reveal delay", () => {
    const cards = ["MSW", "Horticulture", "Agro", "Hospital"].map((title, index) => ({
      title,
      description: `${title} text`,
      alt: `${title} picture`,
      delay: index * 100,
      image: imageFile(title),
    }))
    render(<ServiceIndustry data={{ eyebrow: "Service Industry", title: "Sectors", intro: "Intro", cards }} />)
    const items = screen.getAllByRole("listitem")
    expect(items).toHaveLength(4)
    items.forEach((item, index) => {
      expect(within(item).getByRole("heading", { level: 3 })).toHaveTextContent(cards[index]!.title)
      expect(within(item).getByRole("img", { name: cards[index]!.alt })).toBeInTheDocument()
      expect(item).toHaveAttribute("data-reveal-delay", String(index * 100))
    })
  })
})

describe("WhyChooseUs", () => {
  it("orders the points by their column number", () => {
    const points = [3, 1, 4, 2].map((column) => ({ column, title: `Point ${column}`, description: "Why", alt: "", image: imageFile(`p${column}`) }))
    render(<WhyChooseUs data={{ eyebrow: "Why", title: "Why us", intro: "Because", points }} />)
    expect(screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual(["Point 1", "Point 2", "Point 3", "Point 4"])
  })
})

describe("CallToAction", () => {
  it("links Contact Us to /contact, Get a Quote to the contact form with its subject, and the estimator", () => {
    render(
      <CallToAction
        data={{
          eyebrow: "Talk",
          title: "Ready?",
          text: "Let us talk.",
          contact: { label: "Contact Us", to: "/contact" },
          quote: { label: "Get a Quote", subject: "Quote request" },
          estimate: { label: "Estimate Your Output", to: "/estimate" },
        }}
      />,
    )
    expect(screen.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact")
    expect(screen.getByRole("link", { name: "Get a Quote" })).toHaveAttribute("href", "/contact?subject=Quote+request&from=get-a-quote#contact")
    expect(screen.getByRole("link", { name: "Estimate Your Output" })).toHaveAttribute("href", "/estimate")
  })
})

describe("gallerySettings", () => {
  it("scrolls one item at a time, infinitely, with arrows and no autoplay, at content's speed", () => {
    expect(gallerySettings({ transitionSpeed: 800 }, 3)).toMatchObject({
      slidesToShow: 3,
      slidesToScroll: 1,
      infinite: true,
      speed: 800,
      autoplay: false,
      arrows: true,
    })
  })
})

describe("staticRowCss", () => {
  it("gives the server-rendered row one item width per breakpoint of content, narrowest last", () => {
    const css = staticRowCss({
      visible: 4,
      transitionSpeed: 800,
      responsive: [
        { maxWidth: 480, visible: 1 },
        { maxWidth: 1024, visible: 3 },
        { maxWidth: 768, visible: 2 },
      ],
    })
    expect(css).toBe(
      ".gallery__row .gallery__item{flex-basis:25%}" +
        "@media (max-width:1024px){.gallery__row .gallery__item{flex-basis:33.333333333333336%}}" +
        "@media (max-width:768px){.gallery__row .gallery__item{flex-basis:50%}}" +
        "@media (max-width:480px){.gallery__row .gallery__item{flex-basis:100%}}",
    )
  })
})
