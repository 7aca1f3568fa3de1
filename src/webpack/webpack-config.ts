/**
 * What the site changes in Gatsby's webpack configuration, for smaller
 * browser bundles and a quiet build:
 * - stand-ins (stand-ins/) for what the browser bundle needs no copy of: the
 *   browser's own ResizeObserver instead of the polyfill react-slick imports
 *   (every browser the site supports has one), a small debounce in place of
 *   lodash's, and nothing for Gatsby's service-worker registration (no plugin
 *   registers one);
 * - in the production browser bundle, nothing for Gatsby's partytown plugin,
 *   whose only browser code runs under `gatsby develop` alone;
 * - the HTML renderer uses Node's own fetch (node-fetch.ts);
 * - the stylesheets are joined in whatever order webpack meets them, without
 *   its "Conflicting order" warnings: no rule depends on that order
 *   (docs/styles.md; __tests__/browser/cascade.test.ts tries others).
 */
import { createRequire } from "node:module"
import path from "node:path"
import type { GatsbyNode } from "gatsby"
import { withoutFetchStandIn } from "./node-fetch"

const here = (file: string) => path.resolve("src/webpack", file)

/** Gatsby's internal partytown plugin, as api-runner-browser-plugins requires it */
export const partytownBrowserPlugin = () => createRequire(path.resolve("package.json")).resolve("gatsby/dist/internal-plugins/partytown/gatsby-browser.js")

/** The CSS extraction plugin told that the stylesheets' order does not matter; undefined when the config has none (the HTML stages) */
function withCssInAnyOrder(config: { plugins?: unknown[] }): boolean {
  const extract = config.plugins?.find((plugin) => (plugin as object | null)?.constructor?.name === "MiniCssExtractPlugin") as
    { options?: { ignoreOrder?: boolean } } | undefined
  if (!extract?.options) return false
  extract.options.ignoreOrder = true
  return true
}

export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = ({ stage, actions, getConfig }) => {
  if (stage === "build-html" || stage === "develop-html") {
    const config = withoutFetchStandIn(getConfig())
    if (config) actions.replaceWebpackConfig(config)
  } else {
    const config = getConfig()
    if (withCssInAnyOrder(config)) actions.replaceWebpackConfig(config)
  }
  actions.setWebpackConfig({
    resolve: {
      alias: {
        "resize-observer-polyfill$": here("stand-ins/resize-observer.js"),
        "lodash.debounce$": here("stand-ins/debounce.js"),
        [path.resolve(".cache/register-service-worker.js")]: here("stand-ins/no-service-worker.js"),
        ...(stage === "build-javascript" ? { [partytownBrowserPlugin()]: here("stand-ins/no-partytown.js") } : {}),
      },
    },
  })
}
