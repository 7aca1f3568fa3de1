/**
 * Checks of the production build as a visitor receives it: every route of the
 * spec answers 200 at its exact path with its key content in the static HTML
 * (so it reads without JavaScript), and any other path gets the 404 page.
 */
import { JSDOM } from "jsdom"
import fs from "fs"
import path from "path"
import {
  NOT_FOUND_PROBE,
  SOLUTION_ROUTES,
  galleryCaptions,
  galleryFiles,
  heroSlides,
  productTitles,
  routesOf,
  siteLabels,
  solutions,
  type Link,
} from "../support/content"
import { ROOT, readContent, serveBuild, type Served } from "../support/serve"

jest.setTimeout(60_000)

let server: Served
const pages = new Map<string, Document>()

async function page(path: string): Promise<Document> {
  const cached = pages.get(path)
  if (cached) return cached
  const response = await fetch(`${server.origin}${path}`, { redirect: "manual" })
  expect({ path, status: response.status }).toEqual({ path, status: 200 })
  const document = new JSDOM(await response.text()).window.document
  pages.set(path, document)
  return document
}

const text = (element: Element | null | undefined) => (element?.textContent ?? "").replace(/\s+/g, " ").trim()

beforeAll(async () => {
  server = await serveBuild()
})

afterAll(async () => {
  await server?.stop()
})

/** The public pages: home, every solution, the other pages (the notices and the 404 page are checked apart) */
const ROUTES = routesOf("home", "solution", "page")

type Company = {
  phone: { tel: string; display: string }
  email: string
  location: string
  address: { street: string }
  social: { label: string; hidden: boolean }[]
}
const company = readContent<Company>("company/company.en.json")
const site = siteLabels()

describe.each(ROUTES)("%s", (route) => {
  it("has its preload hints in the first bytes of <head>, before the inlined stylesheet", async () => {
    const html = await (await fetch(`${server.origin}${route}`)).text()
    const preloads = [...html.matchAll(/<link[^>]*rel="preload"[^>]*>/g)]
    expect(preloads.map((match) => /as="(\w+)"/.exec(match[0])?.[1]).sort()).toEqual(route === "/" ? ["font", "image"] : ["font"])
    const style = html.indexOf("<style")
    expect(style).toBeGreaterThan(0)
    for (const match of preloads) expect(match.index).toBeLessThan(style)
    expect(preloads.at(-1)!.index).toBeLessThan(1500)
  })

  it("draws the header's logo inline from the content file, and loads the footer's lazily", async () => {
    const doc = await page(route)
    const logo = fs.readFileSync(path.join(ROOT, "content", "company", readContent<{ logo: string }>("company/company.en.json").logo), "utf8")
    // inline: no request, and no SVG document of its own (an <img> of an SVG builds one while the page parses)
    expect(doc.querySelector("header.site-header .brand img")).toBeNull()
    const header = doc.querySelector("header.site-header .brand svg.brand__logo")
    expect(header?.getAttribute("aria-hidden")).toBe("true")
    expect(header?.getAttribute("width")).toBe("40")
    // the same drawing as the file: every <path> of it, in order
    const filePaths = [...logo.matchAll(/\sd="([^"]+)"/g)].map((match) => match[1])
    expect(filePaths.length).toBeGreaterThan(0)
    expect([...header!.querySelectorAll("path")].map((shape) => shape.getAttribute("d"))).toEqual(filePaths)
    const footer = doc.querySelector<HTMLImageElement>("footer .brand img")
    expect(footer?.getAttribute("src")).toMatch(/^\/static\/.*\.svg$/)
    expect(footer?.getAttribute("loading")).toBe("lazy")
  })

  it("answers 200 with the header, footer and go-to-top in the static HTML", async () => {
    const doc = await page(route)
    const header = doc.querySelector("header.site-header")
    expect(header).not.toBeNull()
    expect(doc.querySelector(".scroll-progress")).not.toBeNull()
    const topBar = doc.querySelector(".top-bar")
    expect(topBar?.querySelector(`a[href="tel:${company.phone.tel}"]`)).not.toBeNull()
    expect(topBar?.querySelector(`a[href="mailto:${company.email}"]`)).not.toBeNull()
    expect(text(topBar)).toContain(company.location)
    for (const network of company.social.filter((profile) => !profile.hidden)) {
      expect(topBar?.querySelector(`a[aria-label="${network.label}"]`)).not.toBeNull()
    }
    for (const network of company.social.filter((profile) => profile.hidden)) expect(doc.querySelector(`a[aria-label="${network.label}"]`)).toBeNull()

    const nav = doc.querySelector(".main-nav")
    const items = [...(nav?.querySelectorAll(".menu--desktop > li") ?? [])].map((li) => text(li.firstElementChild))
    expect(items).toEqual(site.menu.map((item) => item.label))
    for (const item of site.menu.filter((entry) => entry.to)) expect(nav?.querySelector(`.menu--desktop > li > a[href="${item.to}"]`)).not.toBeNull()
    for (const slug of SOLUTION_ROUTES) expect(nav?.querySelector(`.submenu a[href="${slug}"]`)).not.toBeNull()
    expect(doc.body.innerHTML).not.toContain("Produts")
    // the menu's call to action names itself in the address (where the lead came from)
    expect(doc.querySelector(`.main-bar a[href="${site.getInTouch.to}?from=menu"].button`)?.textContent).toBe(site.getInTouch.label)
    expect(doc.querySelector(".main-bar a.main-bar__phone")?.getAttribute("href")).toBe(`tel:${company.phone.tel}`)

    // the toggler, closed; the menu itself is a part that comes after the page (Header.tsx), so the HTML names no id it lacks
    expect(doc.querySelector('button.menu-toggler[aria-expanded="false"]:not([aria-controls])')).not.toBeNull()
    expect(doc.querySelector("#mobile-menu, .mobile-menu")).toBeNull()

    const footer = doc.querySelector("footer.site-footer")
    const subscribe = footer?.querySelector("form")
    expect(subscribe?.getAttribute("method")).toBe("post")
    const email = subscribe?.querySelector('input[name="email"]')
    expect(email?.getAttribute("type")).toBe("email")
    expect(email?.hasAttribute("required")).toBe(true)
    const useful = [...(footer?.querySelectorAll('nav[aria-labelledby="footer-useful-links"] a') ?? [])].map((a) => text(a))
    // the spec's four, in its order, then what the content adds (the privacy notice)
    expect(useful).toEqual(site.footer.usefulLinks.map((link) => link.label))
    const usefulHrefs = [...(footer?.querySelectorAll('nav[aria-labelledby="footer-useful-links"] a') ?? [])].map((a) => a.getAttribute("href"))
    expect(usefulHrefs).toEqual(site.footer.usefulLinks.map((link) => link.to))
    expect(text(footer)).toContain(company.address.street)
    expect(text(footer?.querySelector(".site-footer__bottom"))).toMatch(new RegExp(`© ${new Date().getFullYear()}`))
    expect(doc.querySelector('a.go-to-top[href="#top"]')).not.toBeNull()
  })

  it("draws every icon: each <use> names a symbol of the page's sprite, which has shapes, and no <svg> is empty", async () => {
    const document = await page(route)
    const uses = [...document.querySelectorAll("svg use")].map((use) => use.getAttribute("href") ?? "")
    expect(uses.length).toBeGreaterThan(5)
    const missing = uses.filter((href) => !href.startsWith("#") || !document.getElementById(href.slice(1))?.querySelector("path, circle, line, polyline, rect"))
    expect(missing).toEqual([])
    // one sprite, before the page's root, outside what React renders
    const sprites = [...document.querySelectorAll("svg")].filter((svg) => svg.querySelector(":scope > symbol"))
    expect(sprites).toHaveLength(1)
    expect(sprites[0]?.closest("#___gatsby")).toBeNull()
    const empty = [...document.querySelectorAll("svg")].filter((svg) => svg.children.length === 0).map((svg) => svg.parentElement?.outerHTML.slice(0, 120))
    expect(empty).toEqual([])
  })

  it("has a title, a description, a canonical URL at its exact path and <html lang>", async () => {
    const doc = await page(route)
    const { language } = readContent<{ language: string }>("site/site.en.json")
    expect(doc.documentElement.getAttribute("lang")).toBe(language)
    // Open Graph writes the same language with an underscore and its region (language_TERRITORY: en_IN)
    expect(doc.querySelector('meta[property="og:locale"]')?.getAttribute("content")).toMatch(/^[a-z]{2,3}_[A-Z]{2}$/)
    expect(doc.querySelector('meta[property="og:locale"]')?.getAttribute("content")).toBe(language.replace("-", "_"))
    expect(text(doc.querySelector("title"))).not.toBe("")
    expect(doc.querySelector('meta[name="description"]')?.getAttribute("content")).toBeTruthy()
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute("href")).toMatch(new RegExp(`${route === "/" ? "/" : route}$`))
  })
})

describe("home page", () => {
  it("has the 8 sections in the spec's order", async () => {
    const doc = await page("/")
    const main = doc.querySelector("main") as Element
    const sections = [...main.children].map(
      (child) =>
        child.className
          .split(" ")
          .filter((name) => !name.startsWith("section"))
          .join(" ") || child.id,
    )
    expect(sections).toEqual(["hero", "about", "overview", "services", "why", "cta", "recycle", "gallery"])
    expect(main.querySelector("section#about")).not.toBeNull()
  })

  it("has every hero slide of the content, each with its poster, headings, paragraph and button", async () => {
    const doc = await page("/")
    const slides = heroSlides()
    expect(slides.length).toBeGreaterThan(0)
    const rendered = [...doc.querySelectorAll(".hero .hero__slide .hero-slide")]
    expect(rendered).toHaveLength(slides.length)
    rendered.forEach((element, index) => {
      const slide = slides[index]!
      expect(text(element.querySelector(".hero-slide__title"))).toBe(slide.mainHeading)
      expect(text(element.querySelector(".hero-slide__kicker"))).toBe(slide.smallHeading)
      expect(element.querySelector(`a[href="${slide.buttonLink}"]`)?.textContent).toBe(slide.buttonText)
      if (index === 0) {
        // the first poster is the LCP image: in the HTML, eager, high priority and preloaded
        const img = element.querySelector("picture img")
        expect(element.querySelector("picture source[type='image/avif']")).not.toBeNull()
        expect(img?.getAttribute("loading")).toBe("eager")
        expect(img?.getAttribute("fetchpriority")).toBe("high")
        const preload = doc.querySelector('link[rel="preload"][as="image"]')
        expect(preload?.getAttribute("imagesrcset")).toBe(element.querySelector("picture source[type='image/avif']")?.getAttribute("srcset"))
      }
    })
  })

  it("has the About Us title and text of the content", async () => {
    const about = (await page("/")).querySelector("section#about")
    const content = readContent<{ title: string; paragraphs: string[] }>("about/about.en.json")
    expect(text(about?.querySelector("#about-title"))).toBe(content.title)
    expect([...(about?.querySelectorAll("p") ?? [])].map((p) => text(p))).toEqual(expect.arrayContaining(content.paragraphs))
  })

  it("has the Overview tabs of the content, one panel shown", async () => {
    const doc = await page("/")
    const { tabs } = readContent<{ tabs: { label: string }[] }>("overview/overview.en.json")
    expect([...doc.querySelectorAll('.overview [role="tab"]')].map((tab) => text(tab))).toEqual(tabs.map((tab) => tab.label))
    expect(doc.querySelectorAll('.overview [role="tabpanel"]:not([hidden])')).toHaveLength(1)
  })

  it("has the service cards and the why-choose-us points of the content, in its order", async () => {
    const doc = await page("/")
    const { cards } = readContent<{ cards: { title: string }[] }>("services/services.en.json")
    expect([...doc.querySelectorAll(".services .service-card h3")].map((h) => text(h))).toEqual(cards.map((card) => card.title))
    const { points } = readContent<{ points: { title: string }[] }>("why-choose-us/why-choose-us.en.json")
    expect([...doc.querySelectorAll(".why .why-point h3")].map((h) => text(h))).toEqual(points.map((point) => point.title))
  })

  it("has the contact link and the quote button → the contact form with a subject", async () => {
    const doc = await page("/")
    const cta = doc.querySelector(".cta")
    const { contact, quote } = readContent<{ contact: Link; quote: { label: string; subject: string } }>("call-to-action/call-to-action.en.json")
    expect(cta?.querySelector(`a[href="${contact.to}"]`)?.textContent).toBe(contact.label)
    const button = [...(cta?.querySelectorAll("a") ?? [])].find((a) => text(a) === quote.label)
    expect(button?.getAttribute("href")).toMatch(/^\/contact\?subject=.+#contact$/)
    expect(new URL(button!.getAttribute("href")!, "http://x").searchParams.get("subject")).toBe(quote.subject)
  })

  it("has the recycle-materials image and every gallery picture", async () => {
    const doc = await page("/")
    // AVIF and WebP with srcset (PRODUCT.md): AVIF as the <source>, WebP as the <img> every other browser takes
    expect(doc.querySelector(".recycle picture source[type='image/avif']")?.getAttribute("srcset")).toMatch(/\.avif \d+w/)
    expect(doc.querySelector(".recycle picture img")?.getAttribute("srcset")).toMatch(/\.webp \d+w/)
    expect(doc.querySelector(".recycle picture img")?.getAttribute("src")).toMatch(/\.webp$/)
    // every picture of content/gallery/, in file-name order, titled from gallery.json or its file name
    const files = galleryFiles()
    expect(files.length).toBeGreaterThan(0)
    const captions = [...doc.querySelectorAll(".gallery .gallery__item figcaption")].map((f) => text(f))
    expect(captions).toHaveLength(files.length)
    expect(captions).toEqual(galleryCaptions())
    // only the pictures the row shows before the carousel takes over carry their <picture>
    const { visible } = readContent<{ visible: number }>("gallery/gallery.en.json")
    expect(doc.querySelectorAll(".gallery picture")).toHaveLength(Math.min(visible, files.length))
  })
})

const STEPS = solutions().map((solution, index) => [SOLUTION_ROUTES[index]!, solution] as const)

describe.each(STEPS)("solution page %s", (route, solution) => {
  const steps = solution.howItWorks.steps.map((step) => step.title)
  it("has the title banner with breadcrumb, the text, its images, How it works with its steps and the gallery", async () => {
    const doc = await page(route)
    const banner = doc.querySelector(".page-banner")
    expect(text(banner?.querySelector("h1"))).toBe(solution.title)
    expect(banner?.querySelector('nav .breadcrumb, nav[aria-label] a[href="/"]')).not.toBeNull()
    expect(banner?.querySelector('[aria-current="page"]')).not.toBeNull()
    expect(doc.querySelectorAll(".solution-intro__text p").length).toBeGreaterThan(0)
    const images = doc.querySelectorAll(".solution-images picture")
    expect(images.length).toBeGreaterThanOrEqual(1)
    images.forEach((picture) => expect(picture.querySelector("source[type='image/avif']")).not.toBeNull())
    expect([...doc.querySelectorAll(".how-it-works .step h3")].map((h) => text(h))).toEqual(steps)
    expect(doc.querySelectorAll(".gallery .gallery__item")).toHaveLength(galleryCaptions().length)
  })

  it("shows the content's text and the description of every step, figures as the copy writes them", async () => {
    const main = text((await page(route)).querySelector("main"))
    const copy = [...solution.intro.paragraphs, ...solution.howItWorks.steps.map((step) => step.description)].map((paragraph) =>
      paragraph.replace(/\s+/g, " ").trim(),
    )
    for (const paragraph of copy) expect(main).toContain(paragraph)
  })
})

describe("/product", () => {
  it("lists every machine of the content, each with its image and a link to the contact form naming it", async () => {
    const doc = await page("/product")
    const cards = [...doc.querySelectorAll(".product-card")]
    expect(cards.map((card) => text(card.querySelector("h3")))).toEqual(productTitles())
    for (const card of cards) {
      expect(card.querySelector("picture source[type='image/avif']")).not.toBeNull()
      expect(card.querySelector("picture img")?.getAttribute("alt")).toBeTruthy()
      const href = card.querySelector("a")?.getAttribute("href") ?? ""
      const url = new URL(href, "http://x")
      expect(url.pathname).toBe("/contact")
      expect(url.hash).toBe("#contact")
      expect(url.searchParams.get("subject")).toBe(text(card.querySelector("h3")))
    }
  })
})

describe("/privacy", () => {
  type Privacy = { title: string; sections: { heading: string; paragraphs: string[] }[]; formNotice: { contact: string; subscribe: string; link: string } }
  const privacy = readContent<Privacy>("privacy/privacy.en.json")

  it("shows every section of the notice from content, with the company and the retention the server applies filled in", async () => {
    const doc = await page("/privacy")
    expect(text(doc.querySelector("h1"))).toBe(privacy.title)
    expect([...doc.querySelectorAll("main h2, .privacy h2")].map((h) => text(h))).toEqual(
      expect.arrayContaining(privacy.sections.map((section) => section.heading)),
    )
    const body = text(doc.querySelector(".privacy"))
    expect(body).not.toMatch(/\{\w+\}/)
    expect(body).toContain(company.email)
    // the defaults of FORMS_RETAIN_* (the build's environment sets none)
    expect(body).toContain("deleted 365 days after it has reached our mailbox")
    expect(body).toContain("deleted 30 days later")
    expect(body).toContain("after 7 days")
  })

  it("is linked beside both forms and from the footer", async () => {
    const contactPage = await page("/contact")
    const form = contactPage.querySelector("form#contact")
    expect(form?.querySelector('.form-note a[href="/privacy"]')?.textContent).toBe(privacy.formNotice.link)
    expect(text(form?.querySelector(".form-note"))).toContain("365 days")
    for (const route of ["/", "/product"]) {
      const doc = await page(route)
      expect(doc.querySelector('footer .subscribe__form .form-note a[href="/privacy"]')).not.toBeNull()
      expect(doc.querySelector('nav[aria-labelledby="footer-useful-links"] a[href="/privacy"]')).not.toBeNull()
    }
  })
})

describe("/contact", () => {
  it("shows address, phone and e-mail links, and the form with its fields and required flags", async () => {
    const doc = await page("/contact")
    const details = doc.querySelector(".contact-details")
    expect(text(details)).toContain(company.address.street)
    expect(details?.querySelector(`a[href="tel:${company.phone.tel}"]`)).not.toBeNull()
    expect(details?.querySelector(`a[href="mailto:${company.email}"]`)).not.toBeNull()
    const form = doc.querySelector("form#contact")
    expect(form?.getAttribute("method")).toBe("post")
    const required = (name: string) => form?.querySelector(`[name="${name}"]`)?.hasAttribute("required")
    expect(["username", "email", "phone", "subject"].map(required)).toEqual([true, true, true, true])
    expect(form?.querySelector('textarea[name="message"]')).not.toBeNull()
    expect(required("message")).toBe(false)
    expect(form?.querySelector('input[name="email"]')?.getAttribute("type")).toBe("email")
    for (const control of form?.querySelectorAll('input:not([type="hidden"]), textarea') ?? []) {
      expect(doc.querySelector(`label[for="${control.id}"]`)).not.toBeNull()
    }
  })
})

describe("not found", () => {
  it("answers an unknown path with 404 and a page with the menu and links to the solutions and contact", async () => {
    const response = await fetch(`${server.origin}${NOT_FOUND_PROBE}`)
    expect(response.status).toBe(404)
    const doc = new JSDOM(await response.text()).window.document
    expect(doc.querySelector("header.site-header")).not.toBeNull()
    expect(doc.querySelector("footer.site-footer")).not.toBeNull()
    const main = doc.querySelector("main")
    for (const slug of SOLUTION_ROUTES) expect(main?.querySelector(`a[href="${slug}"]`)).not.toBeNull()
    expect(main?.querySelector('a[href="/contact"]')).not.toBeNull()
    expect(doc.querySelector('meta[name="robots"]')?.getAttribute("content")).toBe("noindex")
  })
})

describe("constants of the spec in content", () => {
  it("holds the spec's thresholds and timings", () => {
    const site = readContent<Record<string, number>>("site/site.en.json")
    expect([site.stickyHeaderOffset, site.goToTopOffset, site.revealDuration]).toEqual([100, 100, 900])
    const hero = readContent<{ autoplayInterval: number; transitionSpeed: number }>("hero/hero.en.json")
    expect([hero.autoplayInterval, hero.transitionSpeed]).toEqual([8000, 800])
    const gallery = readContent<{ visible: number; transitionSpeed: number; responsive: unknown }>("gallery/gallery.en.json")
    expect(gallery.visible).toBe(4)
    expect(gallery.transitionSpeed).toBe(800)
    expect(gallery.responsive).toEqual([
      { maxWidth: 1024, visible: 3 },
      { maxWidth: 768, visible: 2 },
      { maxWidth: 480, visible: 1 },
    ])
  })
})

describe("icons", () => {
  it("links a favicon (SVG and 32 px PNG) and an apple-touch icon that the server delivers", async () => {
    const doc = await page("/")
    const links = [...doc.querySelectorAll('link[rel="icon"], link[rel="apple-touch-icon"]')].map((link) => link.getAttribute("href"))
    expect(links).toEqual(expect.arrayContaining(["/favicon.svg", "/favicon-32.png", "/apple-touch-icon.png"]))
    for (const href of links) {
      const response = await fetch(`${server.origin}${href}`)
      expect({ href, status: response.status }).toEqual({ href, status: 200 })
    }
  })
})
