/**
 * Gatsby's build hooks, each in the room of its subject: the content's
 * check and the gallery's copies, the schema's computed fields, the pages,
 * webpack's and Babel's settings, and public/ after the build.
 */
import path from "path"
import type { GatsbyNode } from "gatsby"
import { useAvifEffort } from "./src/images/avif-effort"
import { runPostbuild } from "./src/build-time/postbuild"

export { onPreBootstrap, onPostBootstrap, onCreateNode } from "./src/build-time/content-check"
export { createSchemaCustomization, createResolvers } from "./src/build-time/schema-fields"
export { onCreatePage, createPages } from "./src/build-time/pages"
export { onCreateWebpackConfig } from "./src/webpack/webpack-config"
export { onCreateBabelConfig } from "./src/webpack/babel-config"

// gatsby-plugin-sharp cannot be given an AVIF effort: the build's encoder is set here
useAvifEffort()

/** What happens to public/ after Gatsby: src/build-time/postbuild/, one file per step. */
export const onPostBuild: GatsbyNode["onPostBuild"] = async ({ reporter }) => {
  await runPostbuild(path.resolve("public"), path.resolve("content"), reporter)
}
