/**
 * Babel's settings for the site's TypeScript, shorter in the browser bundle.
 *
 * Gatsby's TypeScript support (gatsby-plugin-typescript) compiles every `a?.b`
 * and `a ?? b` down to the long form that also guards `document.all`, the one
 * object that equals null loosely but not strictly:
 * `null===(e=a)||void 0===e?void 0:e.b`. No code of the site reads
 * `document.all`, so its loose form does (`null==(e=a)?void 0:e.b`): the
 * same results for every other value, and about 100 B less gzip at
 * start-up (docs/audit.md). The plugins stay Gatsby's; only their option
 * changes, set under the same names Gatsby's TypeScript plugin gives them.
 */
import { createRequire } from "node:module"
import path from "node:path"
import type { GatsbyNode } from "gatsby"

/** The Babel plugins gatsby-plugin-typescript adds, as it resolves them */
export function typescriptPluginPaths(): string[] {
  const fromPlugin = createRequire(createRequire(path.resolve("package.json")).resolve("gatsby-plugin-typescript"))
  return ["@babel/plugin-proposal-optional-chaining", "@babel/plugin-proposal-nullish-coalescing-operator"].map((name) => fromPlugin.resolve(name))
}

export const onCreateBabelConfig: GatsbyNode["onCreateBabelConfig"] = ({ actions }) => {
  for (const name of typescriptPluginPaths()) actions.setBabelPlugin({ name, options: { loose: true } })
}
