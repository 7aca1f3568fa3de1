#!/usr/bin/env -S npx tsx
// The JavaScript each page starts with, in gzip -9 bytes, read from the build
// in public/ as the audit reads it (scripts/audit/startup-scripts.ts: the
// scripts the page's HTML names and its component's chunk group), without
// running Lighthouse: for comparing builds in seconds.
// Usage: npx tsx scripts/dev/startup-bytes.ts [route …] (default: every page of the build)
import fs from "node:fs"
import path from "node:path"
import zlib from "node:zlib"
import { chunkGroupScripts, pageDataPath, startupScriptPaths } from "../audit/startup-scripts"

const PUBLIC = path.resolve("public")
const read = (file: string) => fs.readFileSync(path.join(PUBLIC, file))
const gzipBytes = (file: string) => zlib.gzipSync(read(file), { level: zlib.constants.Z_BEST_COMPRESSION }).length

/** Every page of the build, as routes (/, /hi/contact) */
function builtRoutes(): string[] {
  return (fs.readdirSync(PUBLIC, { recursive: true }) as string[])
    .filter(
      (file) =>
        file.endsWith("index.html") &&
        fs.existsSync(path.join(PUBLIC, "page-data", path.dirname(file) === "." ? "index" : path.dirname(file), "page-data.json")),
    )
    .map((file) => `/${path.dirname(file) === "." ? "" : path.dirname(file).split(path.sep).join("/")}`)
    .sort()
}

const stats = JSON.parse(read("webpack.stats.json").toString("utf8")) as unknown
const routes = process.argv.slice(2).length ? process.argv.slice(2) : builtRoutes()
for (const route of routes) {
  const html = read(path.join(route, "index.html")).toString("utf8")
  const pageData = JSON.parse(read(pageDataPath(route)).toString("utf8")) as { componentChunkName: string }
  const scripts = [...startupScriptPaths(html, `http://localhost${route}`, chunkGroupScripts(stats, pageData.componentChunkName))]
  const sizes = scripts.map((script) => [script.replace(/-[0-9a-f]{8,}\.js$/, ""), gzipBytes(script)] as const)
  const total = sizes.reduce((sum, [, bytes]) => sum + bytes, 0)
  console.log(`${route.padEnd(32)} ${String(total).padStart(7)} B  ${sizes.map(([name, bytes]) => `${name} ${bytes}`).join(", ")}`)
}
