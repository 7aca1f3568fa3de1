// The audit's floor: a bare Gatsby page (scripts/audit/floor/, no plugin,
// stylesheet, font or image), built with the site's own Gatsby and React,
// served compressed as the site's server sends its build, and measured by
// Lighthouse in the same rounds as the routes. What any Gatsby page costs on
// this machine: each route's first paint and JavaScript are held against it
// (floor-budgets.ts, floorFindings).
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import zlib from "node:zlib"
import { serveOnLoopback } from "./serve"

/** The floor site's folder, relative to the repository */
export const FLOOR_DIR = path.join("scripts", "audit", "floor")

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "application/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
}

/**
 * `gatsby build` of the floor site, every audit: a few tens of seconds, and
 * never a floor left over from another Gatsby. Throws with the build's last
 * lines when it fails.
 */
export function buildFloor(root: string, timeoutMs: number): string {
  const dir = path.join(root, FLOOR_DIR)
  const gatsby = path.join(root, "node_modules", "gatsby", "cli.js")
  const built = spawnSync(process.execPath, [gatsby, "build"], {
    cwd: dir,
    env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1", NODE_ENV: "production" },
    encoding: "utf8",
    timeout: timeoutMs,
  })
  if (built.status !== 0) {
    const tail = `${built.stdout ?? ""}${built.stderr ?? ""}`.trim().split("\n").slice(-15).join("\n")
    throw new Error(`building the floor (${FLOOR_DIR}) failed (${built.error?.message ?? `exit ${built.status}`}):\n${tail}`)
  }
  return path.join(dir, "public")
}

interface Body {
  type: string
  identity: Buffer
  br?: Buffer
  gzip?: Buffer
}

/** Every file of the floor's build, with the brotli (best) and gzip (level 9) copies the site's build writes of its own (src/build-time/postbuild/precompress.ts) */
function readBuild(publicDir: string): Map<string, Body> {
  const files = new Map<string, Body>()
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(file)
      else if (!file.endsWith(".map")) {
        const identity = fs.readFileSync(file)
        const type = TYPES[path.extname(file)] ?? "application/octet-stream"
        const text = type !== "application/octet-stream"
        files.set(`/${path.relative(publicDir, file).split(path.sep).join("/")}`, {
          type,
          identity,
          br: text ? zlib.brotliCompressSync(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } }) : undefined,
          gzip: text ? zlib.gzipSync(identity, { level: zlib.constants.Z_BEST_COMPRESSION }) : undefined,
        })
      }
    }
  }
  walk(publicDir)
  return files
}

/**
 * A loopback server for the floor's build: `/` is its index.html; brotli or
 * gzip as the request accepts; no policy headers (the site's
 * Content-Security-Policy would refuse Gatsby's own inline scripts, which the
 * site's build rewrites and a bare one does not).
 */
export async function startFloorServer(publicDir: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const files = readBuild(publicDir)
  return serveOnLoopback((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? "/", "http://floor").pathname)
    const body = files.get(pathname.endsWith("/") ? `${pathname}index.html` : pathname)
    if (!body) {
      response.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" })
      response.end("Not found")
      return
    }
    const accepts = String(request.headers["accept-encoding"] ?? "")
    const [encoding, bytes] = body.br && /\bbr\b/.test(accepts) ? ["br", body.br] : body.gzip && /\bgzip\b/.test(accepts) ? ["gzip", body.gzip] : [undefined, body.identity]
    response.writeHead(200, {
      "Content-Type": body.type,
      "Content-Length": bytes.length,
      // as the site's server sends a build: a content-hashed file for a year, anything else revalidated
      "Cache-Control": /-[0-9a-f]{20}\.js$/.test(pathname) ? "public, max-age=31536000, immutable" : "public, max-age=0, must-revalidate",
      Vary: "Accept-Encoding",
      ...(encoding ? { "Content-Encoding": encoding } : {}),
    })
    response.end(request.method === "HEAD" ? undefined : bytes)
  })
}
