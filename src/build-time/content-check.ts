/**
 * The content checked before Gatsby reads it, and again under `gatsby
 * develop` when a file changes; the gallery's working copies made before
 * Gatsby sources the pictures (gatsby-node's onPreBootstrap, onCreateNode).
 */
import { promises as fs } from "fs"
import path from "path"
import type { GatsbyNode } from "gatsby"
import { validateContent } from "../content/validate-content"
import { gallerySources } from "../content/gallery-sources"
import { GALLERY_LARGEST, prepareRenditions, RENDITIONS_DIR } from "../images/renditions"
import { FORMS_CONTENT_MODULE, writeFormsContentModule } from "./forms-content"

const CONTENT = path.resolve("content")

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
