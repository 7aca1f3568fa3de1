/**
 * The pages in a translated language, as built: their main content is in
 * that language. Latin-letter words are allowed only where
 * docs/hindi-glossary.md keeps English: the company's and the machines'
 * names, the published sources, addresses, ids and file names (the model's
 * shared values, @shared: one value for every language), the glossary's units and
 * abbreviations, and what is in brackets (a source cited in running text,
 * the English term after the Hindi one). Any other English word in `main`
 * is listed, by page: a text left untranslated shows up here.
 */
import { JSDOM } from "jsdom"
import fs from "fs"
import path from "path"
import { siteRoutes } from "../../src/content/routes"
import { TRANSLATED } from "../../src/lib/languages"
import { allowedWords as allowedIn, glossaryFile, latinWords as words, withoutKept } from "../support/glossary"
import { ROOT } from "../support/serve"

/** The Latin words a translated page may show: the Hindi glossary's (docs/hindi-glossary.md; the third-language rig's pages are held to it too) and the content's shared texts */
const allowedWords = () => allowedIn(ROOT, glossaryFile(ROOT, "Hindi"))

describe.each(TRANSLATED.map((language) => [language.name, language.code] as const))("the %s pages", (_name, code) => {
  const allowed = allowedWords()
  const routes = siteRoutes(ROOT, undefined, code)

  it.each(routes.map((route) => [route.path, route]))("%s has no English in main but names, units and sources", (_path, route) => {
    const file = route.kind === "not-found" ? path.join(ROOT, "public", code, "404.html") : path.join(ROOT, "public", route.path.slice(1), "index.html")
    const { document } = new JSDOM(fs.readFileSync(file, "utf8")).window
    expect([route.path, englishIn(document, allowed)]).toEqual([route.path, []])
    // the page is in its language, by its root element
    expect(document.documentElement.lang.startsWith(code)).toBe(true)
  })
})

/** The words of a page's main not in Hindi and not allowed, each once */
function englishIn(document: Document, allowed: Set<string>): string[] {
  const main = document.querySelector("main")!
  for (const element of main.querySelectorAll("script, style, noscript")) element.remove()
  // each text node apart: textContent runs neighbouring elements' words together
  const walker = document.createTreeWalker(main, 4 /* NodeFilter.SHOW_TEXT */)
  const parts: string[] = []
  while (walker.nextNode()) parts.push(walker.currentNode.textContent ?? "")
  return [...new Set(parts.flatMap((part) => words(withoutKept(part))).filter((word) => !allowed.has(word)))]
}

it("lists a text left in English, and passes names, units, addresses and bracketed sources", () => {
  const [machine] = (JSON.parse(fs.readFileSync(path.join(ROOT, "content/products/products.en.json"), "utf8")) as { items: { title: string }[] }).items
  const { document } = new JSDOM(
    `<main><h1>Our machines</h1><p>${machine!.title} 20 kWh प्रति दिन (IPCC 2006, volume 5, chapter 3) hello@example.com https://example.org/a-b</p><p>बिजली</p></main>`,
  ).window
  expect(englishIn(document, allowedWords())).toEqual(["Our", "machines"])
})
