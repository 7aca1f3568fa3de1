import fs from "fs"
import path from "path"
import type { IAdapter } from "gatsby"
import { ROUTES_FILE, type SiteRoutes } from "./route-headers"

/**
 * A Gatsby adapter for the site's own production server (`npm start`).
 * Adapters are how Gatsby hands a build to where it runs: at the end of
 * `gatsby build` it gives them every file of public/ as a route with its
 * headers, computed by Gatsby itself from gatsby-config's `headers` and its
 * defaults per kind of file. This one writes those routes down for the
 * server, so `npm start` sends exactly what a platform adapter (such as
 * gatsby-adapter-netlify) would put on its CDN; the two cannot drift.
 */
export function productionServerAdapter(): IAdapter {
  return {
    name: "production-server",
    adapt({ routesManifest, headerRoutes, reporter }) {
      const routes: SiteRoutes = {
        files: routesManifest.flatMap((route) => (route.type === "static" ? [{ path: route.path, headers: route.headers }] : [])),
        headerRoutes,
      }
      const file = path.resolve(ROUTES_FILE)
      fs.writeFileSync(file, JSON.stringify(routes))
      reporter.info(`production-server adapter: headers for ${routes.files.length} files written to ${path.relative(process.cwd(), file)}`)
    },
  }
}
