/**
 * What every post-build step gets: one input shape for all of them. Steps
 * run after Gatsby has written public/, in the order of STEPS (index.ts).
 */
import type { WebpackStats } from "./compile-hints"
import type { StylesheetStats } from "./inline-styles"

export interface PostbuildContext {
  /** Gatsby's output folder, absolute */
  publicDir: string
  /** The content folder, absolute */
  contentDir: string
  /** Gatsby's public/webpack.stats.json */
  stats: WebpackStats & StylesheetStats
  /** Every page's HTML file, absolute (not slices, page-data or static files) */
  pages: string[]
  /** Gatsby's reporter: a panic stops the build */
  reporter: { info: (message: string) => void; panicOnBuild: (message: string) => void }
}

export interface PostbuildStep {
  /** What it does, for the build's log */
  name: string
  run: (context: PostbuildContext) => Promise<void>
}
