import { scriptHash } from "../../src/security/header-rules"
import { GLOBALS_ID, pageLoader, SCRIPTS_ID } from "../../src/build-time/postbuild/loader"
import { rewriteInlineScripts } from "../../src/build-time/postbuild/inline-scripts"

const gatsbyPage = (hash: string) =>
  `<html><body><div id="___gatsby">we’ll</div><script id="gatsby-script-loader">/*<![CDATA[*/window.pagePath="/product";/*]]>*/</script>` +
  `<!-- slice-start id="_gatsby-scripts-1" --><script id="gatsby-chunk-mapping">/*<![CDATA[*/window.___chunkMapping="{\\"app\\":[\\"/app.js\\"]}";/*]]>*/</script>` +
  `<script>window.___webpackCompilationHash="${hash}";</script><script src="/webpack-runtime-${hash}.js" async></script><script src="/app.js" async></script><!-- slice-end id="_gatsby-scripts-1" --></body></html>`

const scriptLists = (html: string) =>
  [...html.matchAll(new RegExp(`<script type="application/json" id="${SCRIPTS_ID}">([^<]*)</script>`, "g"))].map((match) => JSON.parse(match[1]!) as unknown)

const blocks = (html: string) =>
  [...html.matchAll(new RegExp(`<script type="application/json" id="${GLOBALS_ID}">([^<]*)</script>`, "g"))].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  )

describe("moving Gatsby's inline globals out of inline scripts", () => {
  it("leaves one data block, one constant loader and no other inline script", () => {
    const { html, hashes } = rewriteInlineScripts(gatsbyPage("aaa"))
    expect(blocks(html)).toEqual([{ pagePath: "/product", ___chunkMapping: '{"app":["/app.js"]}', ___webpackCompilationHash: "aaa" }])
    expect(hashes).toEqual([scriptHash(pageLoader())])
    expect(html).toContain("<!-- slice-start")
  })

  it("lists Gatsby's chunk scripts in a data block for the loader instead of loading them with the page, webpack's runtime last", () => {
    const { html } = rewriteInlineScripts(gatsbyPage("aaa"))
    expect(html).not.toMatch(/<script[^>]*\ssrc=/)
    expect(scriptLists(html)).toEqual([["/app.js", "/webpack-runtime-aaa.js"]])
    // the data blocks come before the loader that reads them
    expect(html.indexOf(`id="${SCRIPTS_ID}"`)).toBeLessThan(html.indexOf(pageLoader()))
    expect(html.indexOf(`id="${GLOBALS_ID}"`)).toBeLessThan(html.indexOf(pageLoader()))
  })

  it("leaves scripts alone that are not Gatsby's same-origin async chunks", () => {
    const page = gatsbyPage("aaa").replace(
      "</body>",
      '<script src="https://cdn.example/x.js" async></script><script src="/sync.js"></script><script type="module" src="/m.js" async></script></body>',
    )
    const { html } = rewriteInlineScripts(page)
    expect(html).toContain('<script src="https://cdn.example/x.js" async></script>')
    expect(html).toContain('<script src="/sync.js"></script>')
    expect(html).toContain('<script type="module" src="/m.js" async></script>')
    expect(scriptLists(html)).toEqual([["/app.js", "/webpack-runtime-aaa.js"]])
  })

  it("keeps one block with the fresh values when a warm build stitches Gatsby's scripts into a rewritten page again", () => {
    const first = rewriteInlineScripts(gatsbyPage("aaa")).html
    // Gatsby replaces what is between the slice markers with its own scripts again
    const restitched = first.replace(
      /<!-- slice-start[\s\S]*<!-- slice-end id="_gatsby-scripts-1" -->/,
      gatsbyPage("bbb").match(/<!-- slice-start[\s\S]*<!-- slice-end id="_gatsby-scripts-1" -->/)![0],
    )
    const { html } = rewriteInlineScripts(restitched)
    expect(blocks(html)).toEqual([{ pagePath: "/product", ___chunkMapping: '{"app":["/app.js"]}', ___webpackCompilationHash: "bbb" }])
    expect(html.split(pageLoader())).toHaveLength(2)
    // the fresh build's chunk names replace the old list
    expect(scriptLists(html)).toEqual([["/app.js", "/webpack-runtime-bbb.js"]])
    expect(rewriteInlineScripts(html).html).toBe(html)
  })

  it("drops the NUL characters React's streaming renderer can leave", () => {
    expect(rewriteInlineScripts(gatsbyPage("aaa").replace("we’ll", "we\u0000’ll")).html).toContain("we’ll")
  })
})
