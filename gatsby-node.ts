import { promises as fs } from "fs"
import path from "path"
import type { GatsbyNode } from "gatsby"
import { resolveGalleryPictures, type FileNode } from "./src/content/gallery"
import { localeTypeDefs, typeDefs } from "./src/content/schema"
import { parseInlineSvg, UnfitSvgError } from "./src/content/inline-svg"
import { validateContent } from "./src/content/validate-content"
import { localizedPath, solutionPath } from "./src/content/routes"
import { languageOfNode } from "./src/content/translations"
import { DEFAULT_LANGUAGE, LANGUAGES, TRANSLATED } from "./src/lib/languages"
import { readRetention } from "./src/forms/environment"
import { useAvifEffort } from "./src/images/avif-effort"
import { gallerySources } from "./src/content/gallery-sources"
import { GALLERY_LARGEST, prepareRenditions, RENDITIONS_DIR } from "./src/images/renditions"
import { runPostbuild } from "./src/build-time/postbuild"
import { FORMS_CONTENT_MODULE, writeFormsContentModule } from "./src/build-time/forms-content"

export { onCreateWebpackConfig } from "./src/webpack/webpack-config"

const CONTENT = path.resolve("content")

// gatsby-plugin-sharp cannot be given an AVIF effort: the build's encoder is set here
useAvifEffort()

/** What a resolver's context offers of Gatsby's node model */
type NodeContext = { nodeModel: { getNodeById: (args: { id: string }) => { base?: string } | null } }
/** A content node's language, from its file's name, in a resolver */
const localeOf = (source: { id: string; parent?: string | null }, context: NodeContext) => languageOfNode(source, (id) => context.nodeModel.getNodeById({ id }))

type Reporter = Parameters<NonNullable<GatsbyNode["onPreBootstrap"]>>[0]["reporter"]

/** True when the content has no problem (warnings aside) */
async function reportContent(reporter: Reporter): Promise<boolean> {
  // the pictures found whole by the last build's check are not decoded again
  const { errors, warnings } = await validateContent(CONTENT, path.resolve(".cache/content-pictures.json"))
  warnings.forEach((warning) => reporter.warn(warning))
  if (errors.length > 0) {
    reporter.panicOnBuild(`The content has ${errors.length} problem${errors.length > 1 ? "s" : ""} to fix:\n${errors.map((e) => `  - ${e}`).join("\n")}`)
  }
  return errors.length === 0
}

/**
 * Working copies of the gallery's camera-size pictures at the largest size
 * the site shows them (src/images/renditions.ts), made before Gatsby sources
 * the files, so the image jobs resize from them and not from 24 megapixels.
 */
async function prepareGallery(reporter: Reporter): Promise<void> {
  const started = Date.now()
  const sources = await gallerySources(CONTENT)
  const report = await prepareRenditions(sources, path.resolve(RENDITIONS_DIR))
  if (report.made.length > 0) {
    const { width, height } = GALLERY_LARGEST
    reporter.info(
      `Gallery: ${report.made.length} of ${sources.length} pictures copied at ${width} × ${height}, the largest the site shows them, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    )
  }
}

/** Editors' mistakes stop the build before Gatsby reads the content, one line per problem. */
export const onPreBootstrap: GatsbyNode["onPreBootstrap"] = async ({ reporter }) => {
  // gatsby-source-filesystem needs the working copies' folder even when the content has problems
  await fs.mkdir(path.resolve(RENDITIONS_DIR), { recursive: true })
  // the forms' functions import every language's content: a language added to src/lib/languages.ts joins them here
  if (writeFormsContentModule(process.cwd())) reporter.info(`${FORMS_CONTENT_MODULE} written for the languages of src/lib/languages.ts`)
  if (await reportContent(reporter)) await prepareGallery(reporter)
}

let bootstrapped = false
export const onPostBootstrap: GatsbyNode["onPostBootstrap"] = () => {
  bootstrapped = true
}

/**
 * Under `gatsby develop`, a content file changed after start-up is checked
 * again and reported, and a picture dropped into the gallery gets its
 * working copy.
 */
export const onCreateNode: GatsbyNode["onCreateNode"] = async ({ node, reporter }) => {
  if (!bootstrapped || node.internal.type !== "File" || (node as { sourceInstanceName?: string }).sourceInstanceName !== "content") return
  if (await reportContent(reporter)) await prepareGallery(reporter)
}

export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  actions.createFieldExtension({
    name: "languageOfFile",
    description: "The language of a content file's node, from the file's name (src/content/translations.ts)",
    extend: () => ({
      resolve: (source: { id: string; parent?: string | null }, _args: unknown, context: NodeContext) => localeOf(source, context),
    }),
  })
  actions.createTypes(typeDefs)
  actions.createTypes(localeTypeDefs)
}

/**
 * Every page in every language (src/lib/languages.ts): the default's at its
 * own address, each other language's under its code, with the language in
 * the context for the page's query ($locale).
 */
export const onCreatePage: GatsbyNode["onCreatePage"] = ({ page, actions }) => {
  if ((page.context as { locale?: string }).locale || page.path.startsWith("/dev-404-page")) return
  actions.deletePage(page)
  for (const { code } of LANGUAGES) {
    // Gatsby's 404 page is /404 and /404.html; a translation's is only its 404.html, what the servers answer a missing page there with
    if (code !== DEFAULT_LANGUAGE.code && page.path === "/404") continue
    actions.createPage({ ...page, path: localizedPath(page.path, code), context: { ...page.context, locale: code, basePath: page.path } })
  }
}

const solutionTemplate = path.resolve("src/templates/solution.tsx")
const noticeTemplate = path.resolve("src/templates/notice.tsx")
export const createPages: GatsbyNode["createPages"] = async ({ graphql, actions, reporter }) => {
  const result = await graphql<Queries.SolutionPagesQuery>(`
    query SolutionPages {
      allFormsJson {
        nodes {
          locale
          pages {
            id
            path
          }
        }
      }
      allSolutionsJson(sort: { order: ASC }) {
        nodes {
          id
          slug
          locale
        }
      }
    }
  `)
  if (result.errors || !result.data) {
    reporter.panicOnBuild("Could not load the solution pages from content/solutions.", result.errors)
    return
  }

  // validateContent (onPreBootstrap) has checked the slugs, that every outcome of the forms has its page, and every translation
  for (const forms of result.data.allFormsJson.nodes) {
    for (const page of forms.pages) {
      actions.createPage({
        path: localizedPath(page.path, forms.locale),
        component: noticeTemplate,
        context: { noticeId: page.id, locale: forms.locale, basePath: page.path },
      })
    }
  }
  // A missing page under a language's prefix answers with that language's 404 page, status 404, on
  // Netlify (the adapter writes these to _redirects; not forced, so every page and file there wins)
  // as under `npm start` (src/server/app.ts); asked for by name, the page answers 404 too
  for (const { code } of TRANSLATED) {
    const page = localizedPath("/404.html", code)
    actions.createRedirect({ fromPath: localizedPath("/404", code), toPath: page, statusCode: 404, force: true })
    actions.createRedirect({ fromPath: `${localizedPath("/", code)}/*`, toPath: page, statusCode: 404 })
  }
  for (const node of result.data.allSolutionsJson.nodes) {
    actions.createPage({
      path: localizedPath(solutionPath(node.slug), node.locale),
      component: solutionTemplate,
      context: { id: node.id, locale: node.locale, basePath: solutionPath(node.slug) },
    })
  }
}

/**
 * Fields computed at build time: a logo's inline drawing, a solution's path,
 * the retention the server applies, and the gallery's pictures (every image
 * file of its folder, with no JSON edit needed; src/content/gallery.ts).
 */
export const createResolvers: GatsbyNode["createResolvers"] = ({ createResolvers, reporter }) => {
  const warned = new Set<string>()
  createResolvers({
    File: {
      inlineSvg: {
        type: "JSON",
        description:
          "A small SVG (a logo) as a tree of shapes the page draws inline, with no request or SVG document of its own; null for other files, and for an SVG holding anything but shapes and paint (src/content/inline-svg.ts)",
        resolve: async (source: FileNode) => {
          if (source.extension !== "svg") return null
          try {
            return parseInlineSvg(await fs.readFile(source.absolutePath, "utf8"))
          } catch (error) {
            if (!(error instanceof UnfitSvgError)) throw error
            if (!warned.has(source.absolutePath)) {
              warned.add(source.absolutePath)
              reporter.warn(`${path.relative(process.cwd(), source.absolutePath)} is drawn from its own URL, not inline: ${error.message}`)
            }
            return null
          }
        },
      },
    },
    SolutionsJson: {
      path: {
        type: "String!",
        description:
          "The solution page's address in its language (/waste-to-charcoal, /hi/waste-to-charcoal; solutionPath and localizedPath in src/content/routes.ts, which also create the page): link to it by this, never by spelling the slug into a path",
        resolve: (source: { id: string; parent?: string | null; slug: string }, _args: unknown, context: NodeContext) =>
          localizedPath(solutionPath(source.slug), localeOf(source, context)),
      },
    },
    PrivacyJson: {
      retention: {
        type: "PrivacyRetention!",
        description:
          "How long the forms keep records: the FORMS_RETAIN_* settings (or their defaults) the server applies, so the notice says what the code does",
        resolve: () => readRetention(process.env),
      },
    },
    GalleryJson: {
      pictures: {
        type: "[GalleryPicture!]!",
        description: "Every image file in the gallery's folder, in file-name order, titled from items or from the file name",
        resolve: resolveGalleryPictures,
      },
    },
  })
}

/** What happens to public/ after Gatsby: src/build-time/postbuild/, one file per step. */
export const onPostBuild: GatsbyNode["onPostBuild"] = async ({ reporter }) => {
  await runPostbuild(path.resolve("public"), CONTENT, reporter)
}
