import module from "node:module"
import path from "node:path"
import { cpuCoreCount } from "gatsby-core-utils"

/** Node's compile cache for the build's processes, beside the other tools' caches */
export const COMPILE_CACHE_DIR = path.join("node_modules", ".cache", "node-compile-cache")

/**
 * How the build's processes are set up, decided before Gatsby starts any
 * (gatsby-config.ts calls this; Gatsby reads its config before it creates
 * its worker pool). A variable already set is left as it is.
 *
 * - Where Gatsby counts two cores or fewer (gatsby-core-utils' cpuCoreCount,
 *   physical cores), its worker pool has one worker either way: one fewer
 *   than the cores, at least one. Gatsby then runs the page queries in that
 *   worker, ends it and starts a new one "to lower memory pressure", and a
 *   build that renders any page's HTML waits for the new worker to load
 *   Gatsby again: about 1.2 s of a warm rebuild after an editor adds a
 *   photo, on a 2-core machine (8 pages rendered in 1.24-1.39 s; 0.09 s in
 *   a worker started with the build). GATSBY_CPU_COUNT=1 has Gatsby run the
 *   queries in its main process instead, one at a time as its one worker
 *   did, and render the pages' HTML in the worker it started with the
 *   build. On more cores nothing changes.
 * - Node's compile cache (COMPILE_CACHE_DIR): each process of the build
 *   loads thousands of modules (Gatsby, webpack, Babel, React's server
 *   renderer), and a warm build compiles them again unless V8's code for
 *   them is kept between builds. NODE_COMPILE_CACHE hands it to the
 *   processes Gatsby starts; enableCompileCache to the modules this one loads
 *   from now on.
 */
export function setUpBuildProcesses({
  env = process.env,
  cores = cpuCoreCount(),
  enableCompileCache = module.enableCompileCache,
}: {
  env?: NodeJS.ProcessEnv
  cores?: number
  /** Node 22.1 and later have it */
  enableCompileCache?: (directory: string) => unknown
} = {}): void {
  if (env.GATSBY_CPU_COUNT === undefined && cores <= 2) env.GATSBY_CPU_COUNT = "1"
  if (env.NODE_COMPILE_CACHE === undefined) {
    env.NODE_COMPILE_CACHE = path.resolve(COMPILE_CACHE_DIR)
    enableCompileCache?.(env.NODE_COMPILE_CACHE)
  }
}
