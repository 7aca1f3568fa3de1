/**
 * Search and sharing, as crawlers and link previews read the built site:
 * per-page title, description, canonical URL, Open Graph and Twitter tags
 * with an absolute picture that exists, JSON-LD, the sitemap, robots.txt,
 * the web manifest and the preloaded font.
 */
import { JSDOM } from "jsdom"
import fs from "fs"
import path from "path"
import sharp from "sharp"
import { indexedRoutes, siteRoutes } from "../../src/content/routes"
import { languageByCode, languageOfPath, LANGUAGES, localizedPath } from "../../src/lib/languages"
import { routesOf, solutions as contentSolutions } from "../support/content"
import { ROOT, readContent, serveBuild, type Served } from "../support/serve"

jest.setTimeout(60_000)

const site = readContent<{ siteUrl: string; language: string; title: string }>("site/site.en.json")
/** Each language's site settings (site.<code>.json), by code */
const siteIn = (code: string) => readContent<{ siteUrl: string; language: string; title: string; breadcrumbHome: string }>(`site/site.${code}.json`)
const ROUTE_LANGUAGE = new Map(siteRoutes(ROOT).map((route) => [route.path, route]))
const languageOf = (route: string) => ROUTE_LANGUAGE.get(route)!.language
const products = readContent<{ items: { title: string }[] }>("products/products.en.json")
const solutions = contentSolutions()
const notices = routesOf("notice")
/** The pages open to search engines, as the routes module lists them for the sitemap */
const PUBLIC = indexedRoutes(ROOT).map((route) => route.path)

let server: Served
const documents = new Map<string, Document>()
beforeAll(async () => {
  server = await serveBuild()
  for (const route of [...PUBLIC, ...notices]) {
    const response = await fetch(`${server.origin}${route}`)
    documents.set(route, new JSDOM(await response.text()).window.document)
  }
})
afterAll(async () => {
  await server?.stop()
})

const doc = (route: string) => documents.get(route)!
const meta = (route: string, key: string) => doc(route).querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute("content") ?? null
const canonical = (route: string) => new URL(route, `${site.siteUrl}/`).toString()
type Thing = Record<string, unknown> & { "@type": string }
const jsonLd = (route: string): Thing[] =>
  [...doc(route).querySelectorAll('script[type="application/ld+json"]')].map((script) => JSON.parse(script.textContent ?? "") as Thing)

describe("every public page", () => {
  it.each(LANGUAGES.map((language) => language.code))("has its own title and description among the pages in %s", (code) => {
    const pages = PUBLIC.filter((route) => languageOf(route) === code)
    const titles = pages.map((route) => doc(route).title)
    const descriptions = pages.map((route) => meta(route, "description"))
    expect(new Set(titles).size).toBe(pages.length)
    expect(new Set(descriptions).size).toBe(pages.length)
    for (const description of descriptions) expect(description!.length).toBeGreaterThan(50)
  })

  it.each(PUBLIC)("%s has its canonical URL, language, Open Graph and Twitter tags with an absolute picture", async (route) => {
    const document = doc(route)
    expect(document.documentElement.lang).toBe(languageByCode(languageOf(route)).tag)
    expect(document.documentElement.lang).toBe(siteIn(languageOf(route)).language)
    expect(meta(route, "og:locale")).toBe(languageByCode(languageOf(route)).tag.replace("-", "_"))
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(canonical(route))
    expect(meta(route, "og:url")).toBe(canonical(route))
    expect(meta(route, "og:title")).toBe(document.title)
    expect(meta(route, "og:description")).toBe(meta(route, "description"))
    expect(meta(route, "og:type")).toBe("website")
    expect(meta(route, "twitter:card")).toBe("summary_large_image")
    expect(meta(route, "twitter:title")).toBe(document.title)
    expect(meta(route, "og:image:alt")).toBeTruthy()
    const image = new URL(meta(route, "og:image")!)
    expect(image.origin).toBe(new URL(site.siteUrl).origin)
    expect(meta(route, "twitter:image")).toBe(image.toString())
    // The picture is in the build, at the size the tags announce
    const served = await fetch(`${server.origin}${image.pathname}`)
    expect(served.status).toBe(200)
    const { width, height } = await sharp(Buffer.from(await served.arrayBuffer())).metadata()
    expect([width, height]).toEqual([Number(meta(route, "og:image:width")), Number(meta(route, "og:image:height"))])
    expect(document.querySelector('meta[name="robots"]')).toBeNull()
  })

  it.each(PUBLIC)("%s describes the company with its contact point in JSON-LD", (route) => {
    const organization = jsonLd(route).find((thing) => thing["@type"] === "Organization")!
    expect(organization).toMatchObject({ "@context": "https://schema.org", name: expect.any(String), url: canonical(localizedPath("/", languageOf(route))) })
    expect(organization.contactPoint).toMatchObject({
      "@type": "ContactPoint",
      contactType: "sales",
      telephone: expect.stringMatching(/^\+\d+$/),
      email: expect.stringContaining("@"),
    })
    expect(organization.address).toMatchObject({ "@type": "PostalAddress" })
    expect(String(organization.logo)).toMatch(/^https:\/\//)
  })
})

describe("the head at hydration", () => {
  it.each([...PUBLIC, ...notices])(
    "%s: what only search engines and link previews read is not Gatsby's to replace, what the browser renders again is",
    (route) => {
      const head = doc(route).head
      const serverOnly = [...head.querySelectorAll("[data-server-head]")]
      // canonical, alternates, Open Graph, Twitter, JSON-LD: kept when Gatsby diffs the head it renders in the browser
      expect(serverOnly.length).toBeGreaterThan(10)
      expect(serverOnly.filter((tag) => tag.hasAttribute("data-gatsby-head")).map((tag) => tag.outerHTML)).toEqual([])
      for (const selector of ['link[rel="canonical"]', 'meta[property="og:title"]', 'script[type="application/ld+json"]'])
        expect([selector, head.querySelector(selector)?.hasAttribute("data-server-head")]).toEqual([selector, true])
      // the title, the description and the theme colour: rendered again by the browser's Head, and after a page change
      for (const selector of ["title", 'meta[name="description"]', 'meta[name="theme-color"]'])
        expect([
          selector,
          head.querySelector(selector)?.getAttribute("data-gatsby-head"),
          head.querySelector(selector)?.hasAttribute("data-server-head"),
        ]).toEqual([selector, "true", false])
    },
  )
})

describe("every public page in every language", () => {
  it.each(PUBLIC)("%s lists itself and its twin in every language as alternates, with x-default, all of them public pages", (route) => {
    const { basePath } = ROUTE_LANGUAGE.get(route)!
    const alternates = [...doc(route).querySelectorAll('link[rel="alternate"][hreflang]')].map((link) => [
      link.getAttribute("hreflang"),
      link.getAttribute("href"),
    ])
    expect(alternates).toEqual([
      ...LANGUAGES.map((language) => [language.tag, canonical(localizedPath(basePath, language.code))]),
      ["x-default", canonical(basePath)],
    ])
    for (const [, href] of alternates) expect(PUBLIC).toContain(new URL(href!).pathname)
    // reciprocal: each alternate lists this page back
    for (const language of LANGUAGES) {
      const twin = localizedPath(basePath, language.code)
      expect(
        doc(twin)
          .querySelector(`link[rel="alternate"][hreflang="${languageByCode(languageOf(route)).tag}"]`)
          ?.getAttribute("href"),
      ).toBe(canonical(route))
    }
  })

  it.each(PUBLIC)("%s has its JSON-LD in its own language: names and links from its language's content", (route) => {
    const language = languageOf(route)
    const organization = jsonLd(route).find((thing) => thing["@type"] === "Organization")!
    expect((organization.contactPoint as { availableLanguage: string }).availableLanguage).toBe(siteIn(language).language)
    const trail = jsonLd(route).find((thing) => thing["@type"] === "BreadcrumbList")
    if (trail) {
      const items = trail.itemListElement as { name: string; item: string }[]
      expect(items[0]).toMatchObject({ name: siteIn(language).breadcrumbHome, item: canonical(localizedPath("/", language)) })
      expect(items.at(-1)!.item).toBe(canonical(route))
    }
  })
})

describe("structured data by page", () => {
  it.each(solutions)("/$slug has a BreadcrumbList: Home, then the page", (solution) => {
    const trail = jsonLd(`/${solution.slug}`).find((thing) => thing["@type"] === "BreadcrumbList")!
    expect(trail.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: expect.any(String), item: canonical("/") },
      { "@type": "ListItem", position: 2, name: solution.breadcrumb, item: canonical(`/${solution.slug}`) },
    ])
  })

  it("/product lists every machine as a Product", () => {
    const list = jsonLd("/product").find((thing) => thing["@type"] === "ItemList")!
    const items = list.itemListElement as { position: number; item: { "@type": string; name: string; image: string; url: string } }[]
    expect(items.map((entry) => entry.item.name)).toEqual(products.items.map((item) => item.title))
    expect(items.map((entry) => entry.position)).toEqual(products.items.map((_, index) => index + 1))
    for (const { item } of items) {
      expect(item["@type"]).toBe("Product")
      expect(item.image).toMatch(/^https:\/\/.*\.(jpg|png|webp)$/)
      expect(item.url).toMatch(/\/contact\?subject=/)
    }
  })
})

describe("pages not meant for search engines", () => {
  it.each([...notices])("%s says noindex and is not in the sitemap", async (route) => {
    expect(doc(route).querySelector('meta[name="robots"]')?.getAttribute("content")).toBe("noindex")
  })
})

describe("crawler files", () => {
  it("sitemap.xml lists exactly the public pages, by absolute URL", async () => {
    const index = await (await fetch(`${server.origin}/sitemap.xml`)).text()
    const parts = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname)
    expect(parts.length).toBeGreaterThan(0)
    const listed: string[] = []
    for (const part of parts) {
      const xml = await (await fetch(`${server.origin}${part}`)).text()
      listed.push(...[...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!))
    }
    expect(listed.sort()).toEqual(PUBLIC.map(canonical).sort())
  })

  it("the sitemap gives every page its alternates in every language, as its head does", async () => {
    const index = await (await fetch(`${server.origin}/sitemap-index.xml`)).text()
    const part = new URL([...index.matchAll(/<loc>([^<]+)<\/loc>/g)][0]![1]!).pathname
    const xml = await (await fetch(`${server.origin}${part}`)).text()
    const entries = [...xml.matchAll(/<url>(.*?)<\/url>/gs)].map(([, body]) => ({
      loc: /<loc>([^<]+)<\/loc>/.exec(body!)![1]!,
      links: [...body!.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map(([, lang, href]) => [lang, href]),
    }))
    expect(entries.length).toBe(PUBLIC.length)
    for (const { loc, links } of entries) {
      const route = new URL(loc).pathname
      const inHead = [...doc(route).querySelectorAll('link[rel="alternate"][hreflang]')].map((link) => [
        link.getAttribute("hreflang"),
        link.getAttribute("href"),
      ])
      expect([route, links]).toEqual([route, inHead])
    }
  })

  it("robots.txt allows crawling, keeps the form endpoints out and names the sitemap", async () => {
    const robots = await (await fetch(`${server.origin}/robots.txt`)).text()
    expect(robots).toMatch(/^User-agent: \*$/m)
    expect(robots).toMatch(/^Disallow: \/api\/$/m)
    expect(robots).toContain(`Sitemap: ${site.siteUrl}/sitemap-index.xml`)
  })

  it("each language's web manifest names the site and its icons, which exist at their stated sizes, and starts on that language's home page", async () => {
    for (const { code, tag } of LANGUAGES) {
      const href = doc(localizedPath("/", code)).querySelector('link[rel="manifest"]')?.getAttribute("href")
      expect(href).toBe(localizedPath("/manifest.webmanifest", code))
      // every page of the language links the same one
      expect(doc(localizedPath("/privacy", code)).querySelector('link[rel="manifest"]')?.getAttribute("href")).toBe(href)
      const response = await fetch(`${server.origin}${href}`)
      expect(response.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate")
      const manifest = (await response.json()) as {
        name: string
        description: string
        lang: string
        start_url: string
        icons: { src: string; sizes: string; purpose?: string }[]
      }
      const site = readContent<{ description: string }>(`site/site.${code}.json`)
      expect([manifest.name, manifest.description, manifest.lang, manifest.start_url]).toEqual([
        readContent<{ name: string }>(`company/company.${code}.json`).name,
        site.description,
        tag,
        localizedPath("/", code),
      ])
      expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]))
      expect(manifest.icons.some((icon) => icon.purpose === "maskable")).toBe(true)
      for (const icon of manifest.icons) {
        const { width, height } = await sharp(Buffer.from(await (await fetch(`${server.origin}${icon.src}`)).arrayBuffer())).metadata()
        expect(`${width}x${height}`).toBe(icon.sizes)
      }
    }
  })
})

describe("fonts", () => {
  it("are self-hosted, and the face the stylesheet uses is preloaded", () => {
    for (const route of PUBLIC) {
      const document = doc(route)
      const preload = document.querySelector('link[rel="preload"][as="font"]')
      expect(preload?.getAttribute("type")).toBe("font/woff2")
      expect(preload?.hasAttribute("crossorigin")).toBe(true)
      const href = preload!.getAttribute("href")!
      const css = [...document.querySelectorAll("style")].map((style) => style.textContent).join("\n")
      expect(css).toContain(`url(${href})`)
      expect(fs.existsSync(path.join(ROOT, "public", href))).toBe(true)
      expect(css).not.toMatch(/fonts\.googleapis|@import url\(http/)
    }
  })

  it("give each Hindi page the whole Devanagari file, declared in its own <head>, and an English page no Devanagari face", () => {
    // the package's file byte for byte: a subset cut to the pages' characters would break Devanagari's conjuncts
    const whole = fs.readFileSync(
      path.join(ROOT, "node_modules/@fontsource-variable/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-wght-normal.woff2"),
    )
    for (const route of PUBLIC) {
      const document = doc(route)
      const css = [...document.querySelectorAll("style")].map((style) => style.textContent).join("\n")
      const files = [...css.matchAll(/@font-face\{font-family:"Noto Sans Devanagari Variable"[^}]*url\("([^"]+)"\)/g)].map((match) => match[1]!)
      if (languageOfPath(route) === "hi") {
        // the regular weights' face and the bold's, one file: where the system has no Noto of its own, it is downloaded once
        expect(files).toHaveLength(2)
        expect(new Set(files).size).toBe(1)
        expect(fs.readFileSync(path.join(ROOT, "public", files[0]!)).equals(whole)).toBe(true)
      } else {
        expect(files).toEqual([])
        expect(document.documentElement.outerHTML).not.toMatch(/devanagari/i)
      }
    }
    expect(PUBLIC.filter((route) => languageOfPath(route) === "hi").length).toBeGreaterThan(5)
  })

  it("give a Hindi page its rules for Devanagari (line height, no capitals or letter spacing), and an English page none of them", () => {
    const hindiRules = (route: string) =>
      [...doc(route).querySelectorAll('style[data-identity="gatsby-global-css"]')]
        .map((style) => style.textContent ?? "")
        .join("\n")
        .match(/:root:lang\(hi\)[^{]*\{[^}]*\}/g) ?? []
    for (const route of PUBLIC) {
      if (languageOfPath(route) !== "hi") expect([route, hindiRules(route)]).toEqual([route, []])
      else {
        expect(hindiRules(route).length).toBeGreaterThanOrEqual(4)
        expect(hindiRules(route).some((rule) => rule.includes("letter-spacing:normal"))).toBe(true)
      }
    }
    // the stylesheet files (what a page reached without a page load fetches) keep every language's rules
    for (const route of ["/", "/hi"]) {
      const files = [...doc(route).querySelectorAll('style[data-identity="gatsby-global-css"]')].map((style) => style.getAttribute("data-href")!)
      const whole = files.map((file) => fs.readFileSync(path.join(ROOT, "public", file), "utf8")).join("\n")
      expect(whole.match(/:root:lang\(hi\)/g)?.length).toBe(hindiRules("/hi").length)
    }
  })
})
