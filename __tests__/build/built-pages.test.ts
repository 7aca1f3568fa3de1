/**
 * Every page of the build as it lies in public/ (each index.html and
 * 404.html, also the ones no route test asks for: the form pages, /privacy):
 * nothing of what gatsby-plugin-image injects as a plugin, and inline scripts
 * only of the kinds the Content-Security-Policy allows by hash, with no hash
 * in the policy that no page uses.
 */
import fs from "fs"
import path from "path"
import { inlineScriptHashes } from "../../src/build-time/postbuild/loader"
import { scriptHash } from "../../src/security/header-rules"
import { ROOT, assertBuilt } from "../support/serve"

const PUBLIC = path.join(ROOT, "public")

/** public/**\/index.html and public/404.html, relative to public/ */
function builtPages(): string[] {
  assertBuilt()
  return (fs.readdirSync(PUBLIC, { recursive: true }) as string[])
    .map((name) => name.split(path.sep).join("/"))
    .filter((name) => (name === "index.html" || name.endsWith("/index.html") || name === "404.html") && !/^(static|page-data|_gatsby|admin)\//.test(name))
    .sort()
}

const pages = builtPages().map((name) => ({ name, html: fs.readFileSync(path.join(PUBLIC, name), "utf8") }))
const elements = (html: string, tag: string) =>
  [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>([\\s\\S]*?)</${tag}>`, "g"))].map(([, attributes, content]) => ({
    attributes: attributes!,
    content: content!,
  }))
/** Inline scripts a browser runs: no src, and not a data block (JSON, JSON-LD) */
const executableInline = (html: string) =>
  elements(html, "script").filter(
    ({ attributes, content }) => !/\ssrc=/.test(attributes) && !/\stype="application\/(ld\+)?json"/.test(attributes) && content.trim(),
  )

it("are all there: the routes, the form pages and the 404 page", () => {
  expect(pages.map(({ name }) => name)).toEqual(
    expect.arrayContaining(["index.html", "404.html", "contact/index.html", "product/index.html", "thank-you/index.html"]),
  )
})

describe.each(pages.map(({ name }) => name))("%s", (name) => {
  const { html } = pages.find((page) => page.name === name)!

  // gatsby-plugin-image's onRenderBody (gatsby-ssr): a style for GatsbyImage's
  // wrapper, a noscript style that shows its images without JavaScript, and a
  // module script that fades them in. The site renders its own <picture>.
  it("carries no style, noscript style or script of gatsby-plugin-image's", () => {
    for (const { content } of elements(html, "style")) expect(content).not.toMatch(/\.gatsby-image-wrapper|\[data-main-image\]|\[data-placeholder-image\]/)
    for (const { content } of elements(html, "noscript")) expect(content).not.toMatch(/gatsby-image-wrapper|data-main-image|data-placeholder-image/)
    for (const { attributes, content } of elements(html, "script")) {
      expect(attributes).not.toMatch(/\stype="module"/)
      expect(content).not.toMatch(/mainImage|gatsbyImageSsr|data-main-image/)
    }
  })

  it("runs only inline scripts the Content-Security-Policy allows by hash", () => {
    const inline = executableInline(html)
    expect(inline.length).toBeGreaterThan(0)
    for (const { content } of inline) expect(inlineScriptHashes()).toContain(scriptHash(content))
  })
})

it("leave no hash in the Content-Security-Policy that no page's inline script has", () => {
  const used = new Set(pages.flatMap(({ html }) => executableInline(html).map(({ content }) => scriptHash(content))))
  expect([...inlineScriptHashes()].sort()).toEqual([...used].sort())
})
