import { currentStylesheetName, refreshInlineStyles } from "../../src/build-time/postbuild/inline-styles"

const page = (href: string, css: string) =>
  `<html><head><style data-href="${href}" data-identity="gatsby-global-css">${css}</style><style>.x{}</style></head><body></body></html>`

describe("refreshing Gatsby's inline stylesheet after a warm build", () => {
  it("puts the current stylesheet in place of an old one", () => {
    const html = refreshInlineStyles(page("/styles.old.css", "a{color:red}"), { href: "/styles.new.css", css: "a{color:green}" })
    expect(html).toBe(page("/styles.new.css", "a{color:green}"))
  })

  it("leaves a page that already has it exactly as it was, and other <style> elements alone", () => {
    const original = page("/styles.new.css", "a{color:green}")
    expect(refreshInlineStyles(original, { href: "/styles.new.css", css: "a{color:green}" })).toBe(original)
  })

  it("cannot be broken out of by a </style> inside the CSS", () => {
    const html = refreshInlineStyles(page("/styles.old.css", ""), { href: "/styles.new.css", css: 'a::after{content:"</style><script>"}' })
    expect(html.match(/<\/style>/g)).toHaveLength(2)
  })

  it("finds the app's stylesheet in webpack.stats.json", () => {
    expect(currentStylesheetName({ assetsByChunkName: { app: ["webpack-runtime-1.js", "styles.abc123.css", "app-2.js"] } })).toBe("styles.abc123.css")
    expect(currentStylesheetName({})).toBeUndefined()
  })
})
