import path from "path"
import { buildSync } from "esbuild"
import type { GatsbyConfig, IAdapter } from "gatsby"
import { ROUTES_FILE, SERVER_FILE, STAMP_FILE, writeStamp, writeWhole } from "../server/build-record.js"
import type { SiteRoutes } from "../server/route-headers"

type HeaderRules = NonNullable<GatsbyConfig["headers"]>

/**
 * The production server as one script, relative to the site's folder; `npm
 * start` and `npm run serve` run it with node (scripts/start.mjs).
 */
export { SERVER_FILE }

/** The server's entry, relative to the site's folder */
const SERVER_ENTRY = "src/server/main.ts"

/**
 * A Gatsby adapter for the site's own production server (`npm start`).
 * Adapters are how Gatsby hands a build to where it runs: at the end of
 * `gatsby build` it gives them every file of public/ as a route with its
 * headers, computed by Gatsby itself from gatsby-config's `headers` and its
 * defaults per kind of file. This one writes those routes down for the
 * server, with the rules themselves (for what is no file), so `npm start`
 * sends exactly what a platform adapter (such as gatsby-adapter-netlify)
 * would put on its CDN; the two cannot drift. And it compiles the server
 * once, here, so that serving runs no TypeScript compiler and nothing of the
 * build (docs/serving.md: what a production machine needs). Each file is
 * written whole or not at all, and the build's stamp last (build-record.js):
 * `npm start` serves a build only when its stamp vouches for both files.
 */
export function productionServerAdapter(rules: HeaderRules): IAdapter {
  return {
    name: "production-server",
    adapt({ routesManifest, headerRoutes, reporter }) {
      const routes: SiteRoutes = {
        files: routesManifest.flatMap((route) => (route.type === "static" ? [{ path: route.path, headers: route.headers }] : [])),
        headerRoutes,
        rules,
      }
      const file = path.resolve(ROUTES_FILE)
      writeWhole(file, JSON.stringify(routes))
      reporter.info(`production-server adapter: headers for ${routes.files.length} files written to ${path.relative(process.cwd(), file)}`)
      compileServer()
      reporter.info(`production-server adapter: the server compiled to ${SERVER_FILE}`)
      // when this build began: a source changed since then (even during the build) needs another
      writeStamp(process.cwd(), Date.now() - process.uptime() * 1000)
      reporter.info(`production-server adapter: the build's stamp written to ${STAMP_FILE}`)
    },
  }
}

/**
 * src/server/main.ts and what it imports (the form service, the content's
 * JSON) in one CommonJS file; packages stay in node_modules, where node finds
 * them from the site's folder.
 */
export function compileServer(root = process.cwd()): void {
  const { outputFiles } = buildSync({
    absWorkingDir: root,
    entryPoints: [SERVER_ENTRY],
    outfile: SERVER_FILE,
    // kept in memory, then written whole
    write: false,
    bundle: true,
    platform: "node",
    format: "cjs",
    // package.json's engines
    target: "node22",
    packages: "external",
    logLevel: "warning",
  })
  const [script] = outputFiles
  if (outputFiles.length !== 1 || !script) throw new Error(`esbuild gave ${outputFiles.length} files for ${SERVER_FILE}; the server is one script`)
  writeWhole(path.join(root, SERVER_FILE), script.contents)
}
