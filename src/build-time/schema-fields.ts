/**
 * What the build adds to Gatsby's GraphQL schema beside the content model's
 * types (src/content/schema.ts): each content node's language, and the
 * fields computed at build time (gatsby-node's createSchemaCustomization,
 * createResolvers).
 */
import { promises as fs } from "fs"
import path from "path"
import type { GatsbyNode } from "gatsby"
import { resolveGalleryPictures, type FileNode } from "../content/gallery"
import { localeTypeDefs, typeDefs } from "../content/schema"
import { parseInlineSvg, UnfitSvgError } from "../content/inline-svg"
import { localizedPath, solutionPath } from "../content/routes"
import { languageOfNode } from "../content/translations"
import { readRetention } from "../forms/environment"

/** What a resolver's context offers of Gatsby's node model */
type NodeContext = { nodeModel: { getNodeById: (args: { id: string }) => { base?: string } | null } }
/** A content node's language, from its file's name, in a resolver */
const localeOf = (source: { id: string; parent?: string | null }, context: NodeContext) => languageOfNode(source, (id) => context.nodeModel.getNodeById({ id }))

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
