/**
 * What the site changes in Gatsby's webpack configuration, for smaller
 * browser bundles and a quiet build:
 * - stand-ins (stand-ins/) for what the browser bundle needs no copy of: the
 *   browser's own ResizeObserver instead of the polyfill react-slick imports
 *   (every browser the site supports has one), a small debounce in place of
 *   lodash's, and nothing for Gatsby's service-worker registration (no plugin
 *   registers one), nothing for react-slick's dots and its breakpoints'
 *   media queries (json2mq), which the gallery does not use (dots: false, its
 *   own breakpoints), and nothing for a page's search and sharing tags, which
 *   only the server's HTML needs (src/components/layout/PageMetadata.tsx);
 * - in the production browser bundle, nothing for Gatsby's partytown plugin,
 *   whose only browser code runs under `gatsby develop` alone, and smaller
 *   shims of prop-types (React ignores propTypes in production) and invariant,
 *   and a short name for the global array the chunks push themselves into,
 *   and file names with 8 hex digits of their content hash, not 20;
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

/** A file of react-slick's, as its own modules require it (react-slick/lib/dots.js) */
export const slickFile = (name: string) => path.join(path.dirname(createRequire(path.resolve("package.json")).resolve("react-slick")), name)

interface ChunkGraphLike {
  getModuleChunksIterable: (module: unknown) => Iterable<{ name?: string | null; canBeInitial: () => boolean }>
}
type CacheGroupTest = (module: { type?: string }, context: { chunkGraph: ChunkGraphLike }) => boolean
interface SplitChunksLike {
  optimization?: { splitChunks?: { cacheGroups?: Record<string, { test?: CacheGroupTest } | false> } }
}

/**
 * Each page's own stylesheet: Gatsby puts every sheet into one (`styles`),
 * which every page then inlines whole, the estimator's and the hero's rules
 * on the privacy page too. Here `styles` takes only the sheets the app
 * itself imports (gatsby-browser: tokens, base, shared) and those of parts
 * loaded after the page (a part hydrated on interaction is drawn from the
 * server's HTML before its code comes); a page component's sheets follow it
 * into its chunk. Gatsby inlines a page's sheets into its HTML, and
 * when a visit moves to another page, webpack loads that page's sheet with
 * its chunk, before the page renders. No rule depends on the sheets' order
 * (docs/styles.md), so splitting them changes no style.
 * False when the config has no such group.
 */
export function withStylesheetPerPage(config: SplitChunksLike): boolean {
  const styles = config.optimization?.splitChunks?.cacheGroups?.styles
  if (!styles || !styles.test) return false
  // a sheet stays in the app's when any chunk that has it is not a page's: the app itself, or a part loaded
  // later (the footer's form, hydrated on interaction), whose server HTML is on the page before its code
  styles.test = (module, { chunkGraph }) =>
    module.type === "css/mini-extract" && [...chunkGraph.getModuleChunksIterable(module)].some((chunk) => !chunk.name?.startsWith("component---"))
  return true
}

interface ExtractOptions {
  ignoreOrder?: boolean
  filename?: string
  chunkFilename?: string
}

/** The CSS extraction plugin's options, undefined when the config has none (the HTML stages) */
function cssExtractOptions(config: { plugins?: unknown[] }): ExtractOptions | undefined {
  const extract = config.plugins?.find((plugin) => (plugin as object | null)?.constructor?.name === "MiniCssExtractPlugin") as
    { options?: ExtractOptions } | undefined
  return extract?.options
}

/** The CSS extraction plugin told that the stylesheets' order does not matter; false when the config has none */
function withCssInAnyOrder(config: { plugins?: unknown[] }): boolean {
  const options = cssExtractOptions(config)
  if (!options) return false
  options.ignoreOrder = true
  return true
}

/** How many hex digits of a file's content hash its name carries (webpack's default is 20) */
export const HASH_DIGITS = 8

/**
 * Scripts and stylesheets named with 8 hex digits of their content hash
 * rather than 20 (app-0123abcd.js): webpack's runtime, which every page
 * starts with, lists every chunk's hash, and hex digits do not compress
 * (about 250 B gzip less with the site's 25 chunks). Eight digits still tell
 * one build of a chunk from another (one chance in four billion that a
 * changed file keeps its name, and so a browser's cached copy). False when
 * the config has no output.
 */
function withShortHashes(config: { output?: { filename?: unknown; chunkFilename?: unknown }; plugins?: unknown[] }): boolean {
  const short = (template: unknown) => (typeof template === "string" ? template.replace("[contenthash]", `[contenthash:${HASH_DIGITS}]`) : template)
  if (!config.output) return false
  config.output.filename = short(config.output.filename)
  config.output.chunkFilename = short(config.output.chunkFilename)
  const css = cssExtractOptions(config)
  if (css) {
    css.filename = short(css.filename) as string | undefined
    css.chunkFilename = short(css.chunkFilename) as string | undefined
  }
  return true
}

/** The global array the production bundle's chunks push themselves into: webpack's prefix and the site's initials */
export const CHUNK_GLOBAL = "webpackChunkWte"

/**
 * Every script names that array twice, and webpack names it after the
 * package ("webpackChunkwaste_to_energy_site"): about 20 B gzip of each
 * script a page loads. Set on the config itself: setWebpackConfig drops
 * `output`. False when the config has no output (never, for the browser).
 */
function withShortChunkGlobal(config: { output?: { chunkLoadingGlobal?: string } }): boolean {
  if (!config.output) return false
  config.output.chunkLoadingGlobal = CHUNK_GLOBAL
  return true
}

export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = ({ stage, actions, getConfig }) => {
  if (stage === "build-html" || stage === "develop-html") {
    const config = withoutFetchStandIn(getConfig())
    if (config) actions.replaceWebpackConfig(config)
  } else {
    const config = getConfig()
    const perPage = stage === "build-javascript" && withStylesheetPerPage(config as SplitChunksLike)
    const shortGlobal = stage === "build-javascript" && withShortChunkGlobal(config)
    const shortHashes = stage === "build-javascript" && withShortHashes(config)
    if (withCssInAnyOrder(config) || perPage || shortGlobal || shortHashes) actions.replaceWebpackConfig(config)
  }
  actions.setWebpackConfig({
    resolve: {
      alias: {
        "resize-observer-polyfill$": here("stand-ins/resize-observer.js"),
        "lodash.debounce$": here("stand-ins/debounce.js"),
        // what react-slick needs only for settings the gallery does not use: dots, and breakpoints of its own
        [slickFile("dots.js")]: here("stand-ins/no-slick-dots.js"),
        json2mq$: here("stand-ins/no-json2mq.js"),
        [path.resolve(".cache/register-service-worker.js")]: here("stand-ins/no-service-worker.js"),
        ...(stage === "build-javascript"
          ? {
              [partytownBrowserPlugin()]: here("stand-ins/no-partytown.js"),
              // production shims of what only development uses (propTypes) or formats (invariant's %s), smaller
              "prop-types$": here("stand-ins/prop-types.js"),
              invariant$: here("stand-ins/invariant.js"),
              // what only the server's HTML needs in a page's head (gatsby develop renders it in the browser)
              [path.resolve("src/components/layout/PageMetadata")]: here("stand-ins/no-page-metadata.js"),
            }
          : {}),
      },
    },
  })
}
