/**
 * The files of /admin: the CMS's page, its configuration (generated from the
 * content model, src/cms/cms-config.ts), Decap's prebuilt bundle with its own
 * React (it never touches the site's), and the preview bundle that shows
 * entries with the site's own sections and stylesheet (src/cms/preview/).
 * The build writes them into public/admin/ (src/build-time/postbuild/admin.ts); `gatsby
 * develop` serves them from memory (gatsby-node's onCreateDevServer).
 */
import { promises as fs } from "node:fs"
import { createRequire } from "node:module"
import path from "node:path"
import type { IncomingMessage, ServerResponse } from "node:http"
import { cmsBackendOrigins, cmsConfig, localBackend, type CmsEnvironment } from "./cms-config"
import { cmsContentSecurityPolicy } from "../security/header-rules"
import { buildPreview, PREVIEW_SCRIPT, PREVIEW_STYLESHEET } from "./preview/build"

/** Where the CMS is served */
export const ADMIN_PATH = "/admin"

/** Decap's prebuilt files, found as Node finds packages from the project (Gatsby's bundler rewrites `require.resolve`) */
const decapDist = () => path.dirname(createRequire(path.resolve("package.json")).resolve("decap-cms/dist/decap-cms.js"))

/**
 * The CMS's page: Decap's bundle, then the preview templates it registers;
 * no inline script. Addresses are absolute: the page is /admin and /admin/.
 */
export function adminPage(title: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${title.replace(/[<&"]/g, (c) => `&#${c.charCodeAt(0)};`)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="cms-config-url" type="text/yaml" href="${ADMIN_PATH}/config.yml">
</head>
<body>
<script src="${ADMIN_PATH}/decap-cms.js"></script>
<script src="${ADMIN_PATH}/${PREVIEW_SCRIPT}"></script>
</body>
</html>
`
}

/** Decap's files the page loads: its bundle, the chunks it fetches on demand and its WebAssembly */
export async function decapFiles(): Promise<string[]> {
  const names = await fs.readdir(decapDist())
  return names.filter((name) => name === "decap-cms.js" || /^\d+\.decap-cms\.js$/.test(name) || name.endsWith(".wasm")).sort()
}

export interface AdminOptions {
  contentDir: string
  /** The configuration `npm run develop` serves: saves go to the checkout through `npm run cms` */
  local: boolean
  env?: CmsEnvironment
}

/** Every file of /admin: name → contents */
export async function adminFiles({ contentDir, local, env = process.env }: AdminOptions): Promise<Map<string, Buffer | string>> {
  const site = JSON.parse(await fs.readFile(path.join(contentDir, "site", "site.en.json"), "utf8")) as { siteUrl: string }
  const company = JSON.parse(await fs.readFile(path.join(contentDir, "company", "company.en.json"), "utf8")) as { name: string }
  const files = new Map<string, Buffer | string>()
  files.set("index.html", adminPage(`Content manager · ${company.name}`))
  // JSON is YAML: Decap reads it as its config.yml
  files.set("config.yml", `${JSON.stringify(cmsConfig(contentDir, { local, env, siteUrl: site.siteUrl }), null, 2)}\n`)
  for (const name of await decapFiles()) files.set(name, await fs.readFile(path.join(decapDist(), name)))
  const preview = await buildPreview()
  files.set(PREVIEW_SCRIPT, preview.script)
  files.set(PREVIEW_STYLESHEET, preview.stylesheet)
  return files
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".yml": "text/yaml; charset=utf-8",
  ".wasm": "application/wasm",
}
export const contentType = (name: string) => TYPES[path.extname(name)] ?? "application/octet-stream"

/**
 * /admin under `gatsby develop`: the local configuration, made on each load
 * of the page so a model change shows after a reload.
 */
export function adminDevHandler(contentDir: string, csp: string) {
  let files: Promise<Map<string, Buffer | string>> | undefined
  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = new URL(request.url ?? "/", "http://localhost")
    const name = url.pathname.replace(/^\/admin\/?/, "") || "index.html"
    if (name === "index.html" || !files) files = adminFiles({ contentDir, local: true })
    try {
      const body = (await files).get(name)
      if (body === undefined) {
        response.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end(`No ${url.pathname} in the CMS.`)
        return
      }
      response
        .writeHead(200, { "content-type": contentType(name), "content-security-policy": csp, "x-robots-tag": "noindex, nofollow", "cache-control": "no-store" })
        .end(body)
    } catch (error) {
      files = undefined
      response.writeHead(500, { "content-type": "text/plain; charset=utf-8" }).end(`The CMS could not be prepared: ${(error as Error).message}`)
    }
  }
}

/**
 * Serves /admin under `gatsby develop`, with the CSP that lets it reach the
 * local backend (`npm run cms`). gatsby-config's developMiddleware calls it:
 * Gatsby's development server serves public/ before any route that
 * onCreateDevServer adds, and public/admin/ of an earlier `npm run build`
 * holds the production CMS, which saves to the Git host instead of the
 * checkout.
 */
export function serveAdminInDevelop(
  app: { get(path: RegExp, handler: ReturnType<typeof adminDevHandler>): unknown },
  contentDir = path.resolve("content"),
): void {
  app.get(/^\/admin(\/.*)?$/, adminDevHandler(contentDir, cmsContentSecurityPolicy(cmsBackendOrigins(localBackend()))))
}
