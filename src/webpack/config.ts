/**
 * What the site changes in Gatsby's webpack configuration, for smaller
 * browser bundles and a quiet build:
 * - only the regular weight of each Phosphor icon (phosphor-regular-loader.js);
 * - stand-ins (stand-ins/) for what the browser bundle needs no copy of: the
 *   browser's own ResizeObserver instead of the polyfill react-slick imports
 *   (every browser the site supports has one), a small debounce in place of
 *   lodash's, and nothing for Gatsby's service-worker registration (no plugin
 *   registers one);
 * - the HTML renderer uses Node's own fetch (node-fetch.ts).
 */
import path from "node:path"
import type { GatsbyNode } from "gatsby"
import { withoutFetchStandIn } from "./node-fetch"

const here = (file: string) => path.resolve("src/webpack", file)

export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = ({ stage, actions, getConfig }) => {
  if (stage === "build-html" || stage === "develop-html") {
    const config = withoutFetchStandIn(getConfig())
    if (config) actions.replaceWebpackConfig(config)
  }
  actions.setWebpackConfig({
    resolve: {
      alias: {
        "resize-observer-polyfill$": here("stand-ins/resize-observer.js"),
        "lodash.debounce$": here("stand-ins/debounce.js"),
        [path.resolve(".cache/register-service-worker.js")]: here("stand-ins/no-service-worker.js"),
      },
    },
    module: {
      rules: [{ test: /@phosphor-icons[\\/]react[\\/]dist[\\/]defs[\\/][^\\/]+\.es\.js$/, use: [here("phosphor-regular-loader.js")] }],
    },
  })
}
