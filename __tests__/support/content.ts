/**
 * What the tests expect, read from the project's content/ and the routes
 * module rather than pinned: an editor who replaces the sample content (or
 * `npm run test:other-content`, which does) keeps `npm test` green, while a
 * page that stops showing its content still fails.
 */
import fs from "fs"
import path from "path"
import { galleryPictures } from "../../src/content/gallery"
import { NOT_FOUND_PROBE, siteRoutes, type Route, type RouteKind } from "../../src/content/routes"
import { DEFAULT_LANGUAGE } from "../../src/lib/languages"
import { ROOT, readContent } from "./serve"

export { NOT_FOUND_PROBE }

/** Every route of this project's pages and content in the default language (English), in the routes module's order. */
export const ROUTES: readonly Route[] = siteRoutes(ROOT, undefined, DEFAULT_LANGUAGE.code)

/** The addresses of the routes of the given kinds (all if none is given) in each translated language (/hi, /hi/contact …) */
export function translatedRoutesOf(...kinds: RouteKind[]): string[] {
  return siteRoutes(ROOT)
    .filter((route) => route.language !== DEFAULT_LANGUAGE.code && (kinds.length === 0 || kinds.includes(route.kind)))
    .map((route) => route.path)
}

/** The addresses of the routes of the given kinds (all routes if none is given), in the routes module's order. */
export function routesOf(...kinds: RouteKind[]): string[] {
  return ROUTES.filter((route) => kinds.length === 0 || kinds.includes(route.kind)).map((route) => route.path)
}

/** Every address that answers 200 with a page: home, solutions, the other pages and the notices. */
export const PAGE_ROUTES = routesOf("home", "solution", "page", "notice")
/** The solution pages, in menu order. */
export const SOLUTION_ROUTES = routesOf("solution")
/** "A solution page" where any one will do: the first in menu order. */
export const FIRST_SOLUTION = SOLUTION_ROUTES[0]!

export interface Solution {
  slug: string
  title: string
  breadcrumb: string
  intro: { paragraphs: string[] }
  howItWorks: { steps: { title: string; description: string }[] }
}

/** Each solution's content file, in menu order (the route's source). */
export function solutions(): Solution[] {
  return ROUTES.filter((route) => route.kind === "solution").map((route) => JSON.parse(fs.readFileSync(path.join(ROOT, route.source), "utf8")) as Solution)
}

/** The picture files of content/gallery/ (photos only: gallery.json lies beside them). */
export function galleryFiles(): string[] {
  return fs.readdirSync(path.join(ROOT, "content/gallery")).filter((name) => /\.(jpe?g|png|webp|avif)$/i.test(name))
}

/** The gallery's captions as the site must show them: every picture of content/gallery/, titled by gallery.json or its file name. */
export function galleryCaptions(): string[] {
  const { items = [] } = readContent<{ items?: { image: string; title: string; alt: string; id?: string }[] }>("gallery/gallery.en.json")
  const files = fs.readdirSync(path.join(ROOT, "content/gallery")).map((base) => {
    const extension = path.extname(base).slice(1)
    return { base, name: path.basename(base, path.extname(base)), extension }
  })
  return galleryPictures(files, items).map((picture) => picture.title)
}

export interface Link {
  label: string
  to: string
}

/** The site-wide labels of content/site/site.en.json the tests look for. */
export interface Site {
  menu: { label: string; to?: string; listsSolutions?: boolean }[]
  getInTouch: Link
  footer: { usefulLinks: Link[] }
  hero: { pause: string; play: string }
}

export const siteLabels = (): Site => readContent<Site>("site/site.en.json")

/** The home page's hero slides, in order. */
export const heroSlides = () =>
  readContent<{ slides: { mainHeading: string; smallHeading: string; buttonText: string; buttonLink: string }[] }>("hero/hero.en.json").slides

/** The products page's machines, in the order of content/products/products.en.json. */
export function productTitles(language = "en"): string[] {
  return readContent<{ items: { title: string }[] }>(`products/products.${language}.json`).items.map((item) => item.title)
}
