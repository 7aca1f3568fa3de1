/**
 * Checks of the production build as a visitor receives it: every route of the
 * spec answers 200 at its exact path with its key content in the static HTML
 * (so it reads without JavaScript), and any other path gets the 404 page.
 */
import { JSDOM } from "jsdom"
import fs from "fs"
import path from "path"
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
const normalise = (value: string) => value.toLowerCase().replace(/&/g, "and").replace(/\s+/g, " ").trim()

beforeAll(async () => {
  server = await serveBuild()
})

afterAll(async () => {
  await server?.stop()
})

const ROUTES = ["/", "/waste-to-electricity", "/waste-to-charcoal", "/waste-to-biochar", "/product", "/contact", "/privacy"]

type Company = { phone: { tel: string; display: string }; email: string; location: string; address: { street: string } }
const company = readContent<Company>("company/company.json")

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

  it("draws the header's logo from the content file without a request, and loads the footer's lazily", async () => {
    const doc = await page(route)
    const logo = fs.readFileSync(path.join(ROOT, "content", "company", readContent<{ logo: string }>("company/company.json").logo), "utf8")
    const header = doc.querySelector<HTMLImageElement>("header.site-header .brand img")
    expect(header?.getAttribute("src")).toMatch(/^data:image\/svg\+xml,%3Csvg/)
    // the same drawing as the file (its <path> data survives the encoding)
    const firstPath = /\sd="([^"]{20,})"/.exec(logo)?.[1]
    expect(firstPath).toBeTruthy()
    expect(decodeURIComponent(header!.getAttribute("src")!)).toContain(firstPath)
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
    for (const network of ["Facebook", "X", "LinkedIn"]) {
      expect(topBar?.querySelector(`a[aria-label="${network}"]`)).not.toBeNull()
    }
    expect(doc.querySelector('a[aria-label="Instagram"]')).toBeNull()

    const nav = doc.querySelector(".main-nav")
    const items = [...(nav?.querySelectorAll(".menu--desktop > li") ?? [])].map((li) => text(li.firstElementChild))
    expect(items).toEqual(["Home", "About Us", "Solutions", "Products", "Contact"])
    expect(nav?.querySelector('a[href="/#about"]')).not.toBeNull()
    for (const slug of ROUTES.slice(1, 4)) expect(nav?.querySelector(`.submenu a[href="${slug}"]`)).not.toBeNull()
    expect(doc.body.innerHTML).not.toContain("Produts")
    // the menu's call to action names itself in the address (where the lead came from)
    expect(doc.querySelector('.main-bar a[href="/contact?from=menu"].button')?.textContent).toBe("Get In Touch")
    expect(doc.querySelector(".main-bar a.main-bar__phone")?.getAttribute("href")).toBe(`tel:${company.phone.tel}`)

    expect(doc.querySelector('button.menu-toggler[aria-controls="mobile-menu"]')).not.toBeNull()
    expect(doc.querySelector("#mobile-menu .mobile-menu__backdrop")).not.toBeNull()
    expect(doc.querySelector("#mobile-menu button.mobile-menu__close")).not.toBeNull()

    const footer = doc.querySelector("footer.site-footer")
    const subscribe = footer?.querySelector("form")
    expect(subscribe?.getAttribute("method")).toBe("post")
    const email = subscribe?.querySelector('input[name="email"]')
    expect(email?.getAttribute("type")).toBe("email")
    expect(email?.hasAttribute("required")).toBe(true)
    const useful = [...(footer?.querySelectorAll('nav[aria-labelledby="footer-useful-links"] a') ?? [])].map((a) => text(a))
    // the spec's four, in its order, then what the content adds (the privacy notice)
    const content = readContent<{ footer: { usefulLinks: { label: string }[] } }>("site/site.json")
    expect(useful).toEqual(content.footer.usefulLinks.map((link) => link.label))
    expect(useful.slice(0, 4)).toEqual(["Home", "About Us", "Our Products", "Contact Us"])
    expect(text(footer)).toContain(company.address.street)
    expect(text(footer?.querySelector(".site-footer__bottom"))).toMatch(new RegExp(`© ${new Date().getFullYear()}`))
    expect(doc.querySelector('a.go-to-top[href="#top"]')).not.toBeNull()
  })

  it("draws every icon: no empty <svg> (an icon weight the bundle does not carry renders as nothing)", async () => {
    const document = await page(route)
    const empty = [...document.querySelectorAll("svg")].filter((svg) => svg.children.length === 0).map((svg) => svg.parentElement?.outerHTML.slice(0, 120))
    expect(empty).toEqual([])
  })

  it("has a title, a description, a canonical URL at its exact path and <html lang>", async () => {
    const doc = await page(route)
    expect(doc.documentElement.getAttribute("lang")).toBe("en")
    expect(text(doc.querySelector("title"))).not.toBe("")
    expect(doc.querySelector('meta[name="description"]')?.getAttribute("content")).toBeTruthy()
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute("href")).toMatch(new RegExp(`${route === "/" ? "/" : route}$`))
  })
})

describe("home page", () => {
  it("has the 8 sections in the spec's order", async () => {
    const doc = await page("/")
    const main = doc.querySelector("main") as Element
    const sections = [...main.children].map((child) => child.className.split(" ").filter((name) => !name.startsWith("section")).join(" ") || child.id)
    expect(sections).toEqual(["hero", "about", "overview", "services", "why", "cta", "recycle", "gallery"])
    expect(main.querySelector("section#about")).not.toBeNull()
  })

  it("has 4 hero slides, each with its poster, headings, paragraph and button", async () => {
    const doc = await page("/")
    type Slide = { mainHeading: string; smallHeading: string; buttonText: string; buttonLink: string }
    const { slides } = readContent<{ slides: Slide[] }>("hero/hero.json")
    expect(slides).toHaveLength(4)
    const rendered = [...doc.querySelectorAll(".hero .slick-slide:not(.slick-cloned) .hero-slide")]
    expect(rendered).toHaveLength(4)
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

  it("has the Overview tabs About, Our Mission and Our Vision", async () => {
    const doc = await page("/")
    expect([...doc.querySelectorAll('.overview [role="tab"]')].map((tab) => text(tab))).toEqual(["About", "Our Mission", "Our Vision"])
    expect(doc.querySelectorAll('.overview [role="tabpanel"]:not([hidden])')).toHaveLength(1)
  })

  it("has the 4 service cards and the 4 why-choose-us points named in the spec", async () => {
    const doc = await page("/")
    expect([...doc.querySelectorAll(".services .service-card h3")].map((h) => text(h))).toEqual([
      "MSW Management",
      "Horticulture Waste Management",
      "Agro Waste Management",
      "Hospital Waste Management",
    ])
    expect([...doc.querySelectorAll(".why .why-point h3")].map((h) => text(h))).toEqual([
      "Innovation & Expertise",
      "Environmental Integrity",
      "Economic Impact",
      "Tailored Solutions",
    ])
  })

  it("has Contact Us → /contact and Get a Quote → the contact form with a subject", async () => {
    const doc = await page("/")
    const cta = doc.querySelector(".cta")
    expect(cta?.querySelector('a[href="/contact"]')?.textContent).toBe("Contact Us")
    const quote = [...(cta?.querySelectorAll("a") ?? [])].find((a) => text(a) === "Get a Quote")
    expect(quote?.getAttribute("href")).toMatch(/^\/contact\?subject=.+#contact$/)
  })

  it("has the recycle-materials image and 8 gallery items", async () => {
    const doc = await page("/")
    expect(doc.querySelector(".recycle picture source[type='image/webp']")).not.toBeNull()
    // every picture of content/gallery/, in file-name order, titled from gallery.json
    const { items = [] } = readContent<{ items?: { image: string; title: string }[] }>("gallery/gallery.json")
    const files = fs.readdirSync(path.join(ROOT, "content/gallery")).filter((name) => /\.(jpe?g|png|webp|avif)$/i.test(name)).sort()
    expect(files).toHaveLength(8)
    const captions = [...doc.querySelectorAll(".gallery .gallery__item figcaption")].map((f) => text(f))
    expect(captions).toEqual(files.map((file) => items.find((item) => item.image === file)?.title))
  })
})

const STEPS: Record<string, string[]> = {
  "/waste-to-electricity": ["RDF fluff preparation", "gasification in a synthesizer", "low-water steam generation and power production"],
  "/waste-to-charcoal": ["drying", "pyrolysis / carbonization", "charcoal recovery", "by-product use"],
  "/waste-to-biochar": ["collection and segregation", "size reduction", "pyrolysis / carbonization", "cooling and collection"],
}

describe.each(Object.entries(STEPS))("solution page %s", (route, steps) => {
  it("has the title banner with breadcrumb, the text, its images, How it works with the spec's steps and the gallery", async () => {
    const doc = await page(route)
    const banner = doc.querySelector(".page-banner")
    expect(text(banner?.querySelector("h1"))).not.toBe("")
    expect(banner?.querySelector('nav .breadcrumb, nav[aria-label] a[href="/"]')).not.toBeNull()
    expect(banner?.querySelector('[aria-current="page"]')).not.toBeNull()
    expect(doc.querySelectorAll(".solution-intro__text p").length).toBeGreaterThan(0)
    const images = doc.querySelectorAll(".solution-images picture")
    expect(images.length).toBeGreaterThanOrEqual(1)
    images.forEach((picture) => expect(picture.querySelector("source[type='image/avif']")).not.toBeNull())
    const titles = [...doc.querySelectorAll(".how-it-works .step h3")].map((h) => normalise(text(h)))
    expect(titles).toEqual(steps.map(normalise))
    expect(doc.querySelectorAll(".gallery .gallery__item")).toHaveLength(8)
  })
})

describe("figures in the copy", () => {
  it("uses the spec's figures on the solution pages", async () => {
    const electricity = text((await page("/waste-to-electricity")).querySelector("main"))
    expect(electricity).toContain("80–90%")
    const charcoal = text((await page("/waste-to-charcoal")).querySelector("main"))
    expect(charcoal).toContain("350–700 °C")
    expect(charcoal).toContain("250–300 °C")
    expect(charcoal).toContain("15–20%")
    const biochar = text((await page("/waste-to-biochar")).querySelector("main"))
    expect(biochar).toContain("300–700 °C")
  })
})

describe("/product", () => {
  it("lists the 8 machines, each with its image and a link to the contact form naming it", async () => {
    const doc = await page("/product")
    const cards = [...doc.querySelectorAll(".product-card")]
    expect(cards.map((card) => text(card.querySelector("h3")))).toEqual([
      "Conveyor Belt",
      "Trommel & Screening",
      "Sorting Table",
      "Single & Double Shaft Shredder",
      "Magnetic Separator",
      "Thermolyzer",
      "UV Sanitization Chamber",
      "Air Separator",
    ])
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
  const privacy = readContent<Privacy>("privacy/privacy.json")

  it("shows every section of the notice from content, with the company and the retention the server applies filled in", async () => {
    const doc = await page("/privacy")
    expect(text(doc.querySelector("h1"))).toBe(privacy.title)
    expect([...doc.querySelectorAll("main h2, .privacy h2")].map((h) => text(h))).toEqual(expect.arrayContaining(privacy.sections.map((section) => section.heading)))
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
    const response = await fetch(`${server.origin}/no-such-page`)
    expect(response.status).toBe(404)
    const doc = new JSDOM(await response.text()).window.document
    expect(doc.querySelector("header.site-header")).not.toBeNull()
    expect(doc.querySelector("footer.site-footer")).not.toBeNull()
    const main = doc.querySelector("main")
    for (const slug of ROUTES.slice(1, 4)) expect(main?.querySelector(`a[href="${slug}"]`)).not.toBeNull()
    expect(main?.querySelector('a[href="/contact"]')).not.toBeNull()
    expect(doc.querySelector('meta[name="robots"]')?.getAttribute("content")).toBe("noindex")
  })
})

describe("constants of the spec in content", () => {
  it("holds the spec's thresholds and timings", () => {
    const site = readContent<Record<string, number>>("site/site.json")
    expect([site.stickyHeaderOffset, site.goToTopOffset, site.revealDuration]).toEqual([100, 100, 900])
    const hero = readContent<{ autoplayInterval: number; transitionSpeed: number }>("hero/hero.json")
    expect([hero.autoplayInterval, hero.transitionSpeed]).toEqual([8000, 800])
    const gallery = readContent<{ visible: number; transitionSpeed: number; responsive: unknown }>("gallery/gallery.json")
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
