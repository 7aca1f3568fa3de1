import { promises as fs } from "fs"
import path from "path"
import type { GatsbyNode } from "gatsby"
import { galleryPictures } from "./src/content/gallery"
import { typeDefs } from "./src/content/schema"
import { svgDataUrl } from "./src/content/svg-data-url"
import { validateContent } from "./src/content/validate"
import { currentStylesheetName, refreshInlineStyles, type Stylesheet } from "./src/build/inline-styles"
import { initialScripts, shiftedSourceMap, withCompileHint, type WebpackStats } from "./src/build/compile-hints"
import { precompress } from "./src/build/precompress"
import { withoutFetchStandIn } from "./src/build/node-fetch"
import { readRetention } from "./src/forms/config"
import { NOTICE_IDS } from "./src/forms/copy"
import { inlineScriptHashes, rewriteInlineScripts } from "./src/security/inline-scripts"

const CONTENT = path.resolve("content")

async function reportContent(reporter: Parameters<NonNullable<GatsbyNode["onPreBootstrap"]>>[0]["reporter"]): Promise<void> {
  const { errors, warnings } = await validateContent(CONTENT)
  warnings.forEach((warning) => reporter.warn(warning))
  if (errors.length > 0) {
    reporter.panicOnBuild(`The content has ${errors.length} problem${errors.length > 1 ? "s" : ""} to fix:\n${errors.map((e) => `  - ${e}`).join("\n")}`)
  }
}

/** Editors' mistakes stop the build before Gatsby reads the content, one line per problem. */
export const onPreBootstrap: GatsbyNode["onPreBootstrap"] = async ({ reporter }) => {
  await reportContent(reporter)
}

let bootstrapped = false
export const onPostBootstrap: GatsbyNode["onPostBootstrap"] = () => {
  bootstrapped = true
}

/** Under `gatsby develop`, a content file changed after start-up is checked again and reported. */
export const onCreateNode: GatsbyNode["onCreateNode"] = async ({ node, reporter }) => {
  if (!bootstrapped || node.internal.type !== "File" || (node as { sourceInstanceName?: string }).sourceInstanceName !== "content") return
  await reportContent(reporter)
}

/**
 * Smaller browser bundles: only the regular weight of each Phosphor icon (see
 * src/build/phosphor-regular-loader.js), and the browser's own ResizeObserver
 * instead of the polyfill react-slick imports (every browser the site supports
 * has one; src/build/resize-observer.js), and a small debounce in place of
 * lodash's (src/build/debounce.js). The HTML renderer uses Node's own fetch
 * (src/build/node-fetch.ts).
 */
export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = ({ stage, actions, getConfig }) => {
  if (stage === "build-html" || stage === "develop-html") {
    const config = withoutFetchStandIn(getConfig())
    if (config) actions.replaceWebpackConfig(config)
  }
  actions.setWebpackConfig({
    resolve: {
      alias: {
        "resize-observer-polyfill$": path.resolve("src/build/resize-observer.js"),
        "lodash.debounce$": path.resolve("src/build/debounce.js"),
        // no plugin registers a service worker (src/build/no-service-worker.js)
        [path.resolve(".cache/register-service-worker.js")]: path.resolve("src/build/no-service-worker.js"),
      },
    },
    module: {
      rules: [{ test: /@phosphor-icons[\\/]react[\\/]dist[\\/]defs[\\/][^\\/]+\.es\.js$/, use: [path.resolve("src/build/phosphor-regular-loader.js")] }],
    },
  })
}

export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  actions.createTypes(typeDefs)
}

const solutionTemplate = path.resolve("src/templates/solution.tsx")
const noticeTemplate = path.resolve("src/templates/notice.tsx")
/** The outcomes the form service redirects to; each needs its page. */
const NOTICES = NOTICE_IDS
const NOTICE_PATH = /^\/[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

export const createPages: GatsbyNode["createPages"] = async ({ graphql, actions, reporter }) => {
  const result = await graphql<Queries.SolutionPagesQuery>(`
    query SolutionPages {
      formsJson {
        pages {
          id
          path
        }
      }
      allSolutionsJson(sort: { order: ASC }) {
        nodes {
          id
          slug
          parent {
            ... on File {
              relativePath
            }
          }
        }
      }
    }
  `)
  if (result.errors || !result.data) {
    reporter.panicOnBuild("Could not load the solution pages from content/solutions.", result.errors)
    return
  }

  const notices = result.data.formsJson?.pages ?? []
  for (const id of NOTICES) {
    const page = notices.find((notice) => notice.id === id)
    if (!page) {
      reporter.panicOnBuild(`content/forms/forms.json: "pages" has no entry with "id": "${id}". Add one (id, path, title, text, link); the forms end on it.`)
    } else if (!NOTICE_PATH.test(page.path)) {
      reporter.panicOnBuild(`content/forms/forms.json: page "${id}" has "path": "${page.path}". Use a path like "/thank-you": a leading slash, lower-case words and hyphens.`)
    } else {
      actions.createPage({ path: page.path, component: noticeTemplate, context: { noticeId: id } })
    }
  }

  const seen = new Map<string, string>()
  for (const node of result.data.allSolutionsJson.nodes) {
    const file = `content/${node.parent && "relativePath" in node.parent ? node.parent.relativePath : "solutions"}`
    if (!SLUG.test(node.slug)) {
      reporter.panicOnBuild(
        `${file}: field "slug" is "${node.slug}". Use lower-case letters, digits and single hyphens, e.g. "waste-to-electricity".`,
      )
      continue
    }
    const other = seen.get(node.slug)
    if (other) {
      reporter.panicOnBuild(
        `${file}: field "slug" is "${node.slug}", which ${other} already uses. Give each solution its own slug.`,
      )
      continue
    }
    seen.set(node.slug, file)
    actions.createPage({
      path: `/${node.slug}`,
      component: solutionTemplate,
      context: { id: node.id },
    })
  }
}

interface FileNode {
  id: string
  base: string
  name: string
  absolutePath: string
  extension: string
  relativeDirectory: string
  sourceInstanceName: string
}

/**
 * GalleryJson.pictures: every image file dropped into the gallery's folder,
 * with no JSON edit needed. Querying File nodes through the node model also
 * makes Gatsby re-run the gallery's queries when a file is added under
 * `gatsby develop`.
 */
export const createResolvers: GatsbyNode["createResolvers"] = ({ createResolvers }) => {
  createResolvers({
    File: {
      svgDataUrl: {
        type: "String",
        description: "A small SVG (a logo) as a data: URL, so the header draws it without a request of its own; null for other files",
        resolve: async (source: FileNode) => (source.extension === "svg" ? svgDataUrl(await fs.readFile(source.absolutePath, "utf8")) ?? null : null),
      },
    },
    PrivacyJson: {
      retention: {
        type: "PrivacyRetention!",
        description: "How long the forms keep records: the FORMS_RETAIN_* settings (or their defaults) the server applies, so the notice says what the code does",
        resolve: () => readRetention(process.env),
      },
    },
    GalleryJson: {
      pictures: {
        type: "[GalleryPicture!]!",
        description: "Every image file in the gallery's folder, in file-name order, titled from items or from the file name",
        resolve: async (
          source: { parent: string; items?: { image: string; id?: string; title: string; alt: string }[] | null },
          _args: unknown,
          context: { nodeModel: { getNodeById: (a: { id: string }) => FileNode | null; findAll: (a: object) => Promise<{ entries: Iterable<FileNode> }> } },
        ) => {
          const json = context.nodeModel.getNodeById({ id: source.parent })
          if (!json) return []
          const { entries } = await context.nodeModel.findAll({
            type: "File",
            query: { filter: { sourceInstanceName: { eq: json.sourceInstanceName }, relativeDirectory: { eq: json.relativeDirectory } } },
          })
          return galleryPictures([...entries], source.items ?? [])
        },
      },
    },
  })
}

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true })
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name)
      // _gatsby/ holds Gatsby's slices, which it stitches into pages again on warm builds: they stay as Gatsby wrote them
      if (entry.isDirectory()) return ["static", "page-data", "_gatsby"].includes(entry.name) ? [] : htmlFiles(full)
      return entry.name.endsWith(".html") ? [full] : []
    }),
  )
  return nested.flat()
}

/**
 * Makes every page work under the Content-Security-Policy declared in
 * gatsby-config: Gatsby's per-page inline globals move into a JSON data block
 * read by one constant script, and any inline script whose hash the policy
 * does not list stops the build, naming the page and the hash.
 */
export const onPostBuild: GatsbyNode["onPostBuild"] = async ({ reporter }) => {
  await writeRobots()
  const stats = JSON.parse(await fs.readFile(path.resolve("public", "webpack.stats.json"), "utf8")) as BuildStats
  await addCompileHints(stats)
  const allowed = new Set(inlineScriptHashes())
  const unknown = new Map<string, string[]>()
  const files = await htmlFiles(path.resolve("public"))
  const stylesheet = await currentStylesheet(stats)
  await Promise.all(
    files.map(async (file) => {
      const original = await fs.readFile(file, "utf8")
      const { html, hashes } = rewriteInlineScripts(stylesheet ? refreshInlineStyles(original, stylesheet) : original)
      if (html !== original) await fs.writeFile(file, html)
      for (const hash of hashes.filter((hash) => !allowed.has(hash))) unknown.set(hash, [...(unknown.get(hash) ?? []), path.relative("public", file)])
    }),
  )
  if (unknown.size > 0) {
    reporter.panicOnBuild(
      `Inline scripts that the Content-Security-Policy does not allow (after an upgrade of Gatsby or a plugin, or a new inline script):\n${[...unknown]
        .map(([hash, pages]) => `  - ${hash} in ${pages.slice(0, 3).join(", ")}${pages.length > 3 ? ` and ${pages.length - 3} more` : ""}`)
        .join("\n")}\nCheck each script; if it is to stay, allow its hash in inlineScriptHashes() in src/security/inline-scripts.ts.`,
    )
  }
  // last: every file above is final now
  const started = Date.now()
  const compressed = await precompress(path.resolve("public"))
  reporter.info(
    `Precompressed ${compressed.files} files (${Math.round(compressed.bytes / 1024)} KB, brotli ${Math.round(compressed.brotliBytes / 1024)} KB) in ${((Date.now() - started) / 1000).toFixed(1)} s` +
      (compressed.removed.length ? `; removed ${compressed.removed.length} stale copies` : ""),
  )
}

/** What the post-build steps read from Gatsby's public/webpack.stats.json. */
type BuildStats = WebpackStats & Parameters<typeof currentStylesheetName>[0]

/** Puts V8's compile hint into the scripts every page loads first (see src/build/compile-hints.ts), and moves their source maps to match. */
async function addCompileHints(stats: BuildStats): Promise<void> {
  await Promise.all(
    initialScripts(stats).map(async (name) => {
      // the script and its map each on their own: a warm build may write either again
      const file = path.resolve("public", name)
      const source = await fs.readFile(file, "utf8")
      const hinted = withCompileHint(source)
      if (hinted !== source) await fs.writeFile(file, hinted)
      const map = await fs.readFile(`${file}.map`, "utf8").catch(() => undefined)
      const shifted = map === undefined ? undefined : shiftedSourceMap(map)
      if (shifted !== map) await fs.writeFile(`${file}.map`, shifted!)
    }),
  )
}

/** The stylesheet this build wrote, which every page must inline (see src/build/inline-styles.ts). */
async function currentStylesheet(stats: BuildStats): Promise<Stylesheet | undefined> {
  const name = currentStylesheetName(stats)
  if (!name) return undefined
  return { href: `/${name}`, css: await fs.readFile(path.resolve("public", name), "utf8") }
}

/** robots.txt: everything may be crawled but the form endpoints; the sitemap's absolute address. */
async function writeRobots(): Promise<void> {
  const site = JSON.parse(await fs.readFile(path.join(CONTENT, "site", "site.json"), "utf8")) as { siteUrl: string }
  const sitemap = new URL("/sitemap-index.xml", `${site.siteUrl}/`).toString()
  await fs.writeFile(path.resolve("public", "robots.txt"), `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${sitemap}\n`)
  // gatsby-plugin-sitemap writes an index; /sitemap.xml is where crawlers look first
  const index = path.resolve("public", "sitemap-index.xml")
  if (await fs.stat(index).catch(() => undefined)) await fs.copyFile(index, path.resolve("public", "sitemap.xml"))
}
