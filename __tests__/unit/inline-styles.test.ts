import { currentStylesheetNames, forPagesIn, refreshInlineStyles, type Stylesheet } from "../../src/build-time/postbuild/inline-styles"

const page = (href: string, css: string) =>
  `<html><head><style data-href="${href}" data-identity="gatsby-global-css">${css}</style><style>.x{}</style></head><body></body></html>`
const sheets = (...list: Stylesheet[]) => new Map(list.map((sheet) => [/^\/([\w-]+)\./.exec(sheet.href)![1]!, sheet]))

describe("refreshing Gatsby's inline stylesheet after a warm build", () => {
  it("puts the current stylesheet in place of an old one", () => {
    const html = refreshInlineStyles(page("/styles.0123.css", "a{color:red}"), sheets({ href: "/styles.4567.css", css: "a{color:green}" }))
    expect(html).toBe(page("/styles.4567.css", "a{color:green}"))
  })

  it("puts each of a page's sheets in place of the older one of the same chunk", () => {
    const html =
      '<style data-href="/component---src-pages-index-tsx.aa11.css" data-identity="gatsby-global-css">.hero{}</style>' +
      '<style data-href="/styles.bb22.css" data-identity="gatsby-global-css">a{}</style>'
    const current = sheets(
      { href: "/styles.cc33.css", css: "a{color:green}" },
      { href: "/component---src-pages-index-tsx.dd44.css", css: ".hero{color:red}" },
      { href: "/component---src-pages-privacy-tsx.ee55.css", css: ".privacy{}" },
    )
    expect(refreshInlineStyles(html, current)).toBe(
      '<style data-href="/component---src-pages-index-tsx.dd44.css" data-identity="gatsby-global-css">.hero{color:red}</style>' +
        '<style data-href="/styles.cc33.css" data-identity="gatsby-global-css">a{color:green}</style>',
    )
  })

  it("leaves a page that already has it exactly as it was, and other <style> elements alone", () => {
    const original = page("/styles.4567.css", "a{color:green}")
    expect(refreshInlineStyles(original, sheets({ href: "/styles.4567.css", css: "a{color:green}" }))).toBe(original)
    // a sheet of a chunk this build does not have stays as it was
    expect(refreshInlineStyles(original, sheets({ href: "/commons.89ab.css", css: "b{}" }))).toBe(original)
  })

  it("cannot be broken out of by a </style> inside the CSS", () => {
    const html = refreshInlineStyles(page("/styles.0123.css", ""), sheets({ href: "/styles.4567.css", css: 'a::after{content:"</style><script>"}' }))
    expect(html.match(/<\/style>/g)).toHaveLength(2)
  })

  it("finds every chunk's stylesheet in webpack.stats.json", () => {
    const stats = {
      assetsByChunkName: {
        app: ["webpack-runtime-1.js", "styles.abc123.css", "app-2.js"],
        "component---src-pages-index-tsx": ["styles.abc123.css", "component---src-pages-index-tsx.def456.css", "component---src-pages-index-tsx-789.js"],
      },
    }
    expect(Object.fromEntries(currentStylesheetNames(stats))).toEqual({
      styles: "styles.abc123.css",
      "component---src-pages-index-tsx": "component---src-pages-index-tsx.def456.css",
    })
    expect(currentStylesheetNames({}).size).toBe(0)
  })
})

describe("each page's stylesheet without the rules for another language's pages", () => {
  const css =
    "a{color:red}:root:lang(hi) .button{line-height:1.45}@media (min-width:1px){:root:lang(hi) body{line-height:1.8}}" +
    ":root:lang(hi) h1,h2{margin:0}:root:not(:lang(en)) .top{display:none}.switch:lang(hi){color:blue}"
  const page = (lang: string) =>
    `<html lang="${lang}"><head><style data-href="/styles.0a.css" data-identity="gatsby-global-css"></style></head><body></body></html>`
  const inlined = (html: string) => /gatsby-global-css">([\s\S]*?)<\/style>/.exec(html)?.[1]

  it("drops them from an English page: the rule, the selector of a list, the at-rule left empty", () => {
    expect(inlined(refreshInlineStyles(page("en-IN"), sheets({ href: "/styles.0a.css", css })))).toBe(
      "a{color:red}h2{margin:0}:root:not(:lang(en)) .top{display:none}.switch:lang(hi){color:blue}",
    )
  })

  it("keeps them on a page in that language, whatever its region", () => {
    expect(inlined(refreshInlineStyles(page("hi-IN"), sheets({ href: "/styles.0a.css", css })))).toBe(css)
    expect(forPagesIn(css, "hi")).toBe(css)
  })

  it("leaves the stylesheet whole for a page that names no language", () => {
    expect(forPagesIn(css, undefined)).toBe(css)
  })
})
