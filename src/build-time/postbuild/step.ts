/**
 * What every post-build step gets: one input shape for all of them. Steps
 * run after Gatsby has written public/, in the order of STEPS (index.ts).
 */

/** What the steps read from Gatsby's public/webpack.stats.json */
export interface WebpackStats {
  /** the chunk groups by entry name: `app` lists the scripts every page loads first (compile-hints.ts) */
  namedChunkGroups?: Record<string, { assets?: { name: string }[] } | undefined>
  /** the files of each chunk: `app` includes the site's stylesheet (inline-styles.ts) */
  assetsByChunkName?: Record<string, string[]>
}

export interface PostbuildContext {
  /** Gatsby's output folder, absolute */
  publicDir: string
  /** The content folder, absolute */
  contentDir: string
  /** Gatsby's public/webpack.stats.json */
  stats: WebpackStats
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
