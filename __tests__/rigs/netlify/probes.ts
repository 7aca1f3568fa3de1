/**
 * The requests the Netlify test sends to both servers (`npm start` and the
 * Netlify CLI), and the side-by-side table of what each answered: every
 * route of src/content/routes.ts, the 404 page, hashed assets, page data,
 * /static/, the other files of the build, trailing-slash redirects (Netlify:
 * the edge function netlify/edge-functions/trailing-slash/) and the form
 * endpoints with GET and POST.
 */
import fs from "node:fs"
import path from "node:path"
import { siteRoutes, NOT_FOUND_PROBE } from "../../../src/content/routes"
import { request, type Reply } from "../../support/http"

/** The headers compared: the site's security headers, caching, and what routing and the forms answer with */
export const COMPARED = [
  "content-security-policy",
  "strict-transport-security",
  "x-content-type-options",
  "x-frame-options",
  "x-xss-protection",
  "referrer-policy",
  "cross-origin-resource-policy",
  "permissions-policy",
  "cache-control",
  "location",
  "allow",
  "content-type",
] as const

export interface Probe {
  /** What the row is, in the table */
  label: string
  /** The path on a build (hashed file names are looked up in that build's public/) */
  path: (publicDir: string) => string
  method?: string
  headers?: Record<string, string>
  body?: string
}

const fixed = (label: string, pathname = label, init: Omit<Probe, "label" | "path"> = {}): Probe => ({ label, path: () => pathname, ...init })

/** A chunk's script in a build, as webpack.stats.json names it */
function bundle(publicDir: string, chunk: string): string {
  const stats = JSON.parse(fs.readFileSync(path.join(publicDir, "webpack.stats.json"), "utf8")) as { assetsByChunkName: Record<string, string[]> }
  const name = stats.assetsByChunkName[chunk]?.find((file) => file.endsWith(".js"))
  if (!name) throw new Error(`${publicDir}/webpack.stats.json names no script for ${chunk}`)
  return `/${name}`
}

/** The first image under public/static/ (content-hashed folders: the same in every build of the same content) */
function staticImage(publicDir: string): string {
  const root = path.join(publicDir, "static")
  for (const folder of fs.readdirSync(root).sort()) {
    const dir = path.join(root, folder)
    if (!fs.statSync(dir).isDirectory()) continue
    const file = fs
      .readdirSync(dir, { recursive: true, encoding: "utf8" })
      .sort()
      .find((name) => /\.(avif|webp|jpg|png|svg)$/.test(name))
    if (file) return `/static/${folder}/${file}`
  }
  throw new Error(`no image under ${root}`)
}

const valid = { username: "Ada Probe", email: "probe@example.com", phone: "+1 555 010 0100", subject: "Probe", message: "Hello" }
const json = { "content-type": "application/json", accept: "application/json" }

export function probes(root: string): Probe[] {
  const pages = siteRoutes(root).filter((route) => route.kind !== "not-found")
  return [
    ...pages.map((route) => fixed(route.path)),
    fixed(`${NOT_FOUND_PROBE} (404)`, NOT_FOUND_PROBE),
    fixed("/404"),
    fixed("/404.html"),
    // a missing page in Hindi: the Hindi 404 page, status 404
    fixed(`/hi${NOT_FOUND_PROBE} (404)`, `/hi${NOT_FOUND_PROBE}`),
    fixed("/hi/404"),
    fixed("/product/ (slash)", "/product/"),
    fixed("/contact/?from=menu", "/contact/?from=menu"),
    // the trailing-slash rule where a naive one would fail: another host, an escaped one, two slashes, a POST
    fixed("//evil.example/"),
    fixed("/%2F%2Fevil.example/"),
    fixed("/product//"),
    fixed("POST /api/contact/ (slash)", "/api/contact/", { method: "POST", headers: json, body: JSON.stringify(valid) }),
    { label: "app bundle (/app-…js)", path: (dir) => bundle(dir, "app") },
    { label: "page bundle (/component---src-pages-product-tsx-…js)", path: (dir) => bundle(dir, "component---src-pages-product-tsx") },
    { label: "image (/static/…)", path: staticImage },
    fixed("/page-data/app-data.json"),
    fixed("/page-data/index/page-data.json"),
    fixed("/page-data/product/page-data.json"),
    fixed("/sitemap-index.xml"),
    fixed("/robots.txt"),
    fixed("/manifest.webmanifest"),
    fixed("/icons/icon-192.png"),
    fixed("GET /api/contact", "/api/contact"),
    fixed("GET /api/subscribe", "/api/subscribe"),
    fixed("GET /api/subscribe-confirm (no token)", "/api/subscribe-confirm"),
    fixed("GET /api/unsubscribe (bad token)", "/api/unsubscribe?token=nope"),
    fixed("POST /api/contact, JSON, too fast", "/api/contact", { method: "POST", headers: json, body: JSON.stringify({ ...valid, fillMs: 500 }) }),
    fixed("POST /api/contact, JSON, not JSON", "/api/contact", { method: "POST", headers: json, body: "{nope" }),
    fixed("POST /api/contact, multipart", "/api/contact", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=x" },
      body: "--x--\r\n",
    }),
    fixed("POST /api/contact, urlencoded, bad e-mail", "/api/contact", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...valid, email: "nope" }).toString(),
    }),
    fixed("POST /api/contact, urlencoded", "/api/contact", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(valid).toString(),
    }),
    fixed("POST /api/subscribe, bad e-mail", "/api/subscribe", { method: "POST", headers: json, body: JSON.stringify({ email: "nope", fillMs: 5000 }) }),
  ]
}

export interface Answer {
  status: number
  headers: Partial<Record<(typeof COMPARED)[number], string>>
}

/** One probe against one origin; cacheControl overrides what the server said (the CDN's own rule, see ../netlify.ts) */
export async function ask(origin: string, publicDir: string, probe: Probe): Promise<{ pathname: string; reply: Reply; answer: Answer }> {
  const pathname = probe.path(publicDir)
  const reply = await request(origin, pathname, { method: probe.method, headers: probe.headers, body: probe.body })
  const headers: Answer["headers"] = {}
  for (const name of COMPARED) {
    const value = reply.headers[name]
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value
  }
  return { pathname, reply, answer: { status: reply.status, headers } }
}

/** The headers in which two answers differ, as "name: a ≠ b" */
export function differences(a: Answer, b: Answer): string[] {
  if (a.status !== b.status) return [`status: ${a.status} ≠ ${b.status}`]
  return COMPARED.filter((name) => (a.headers[name] ?? "—") !== (b.headers[name] ?? "—")).map(
    (name) => `${name}: ${a.headers[name] ?? "—"} ≠ ${b.headers[name] ?? "—"}`,
  )
}

const short = (value: string | undefined, length = 38) => (value === undefined ? "—" : value.length > length ? `${value.slice(0, length - 1)}…` : value)

/** The side-by-side table, markdown: status, Cache-Control, Location and whether every compared header is the same */
export function table(rows: { label: string; start: Answer; netlify: Answer }[]): string {
  const lines = [
    "| request | `npm start` | Netlify CLI | Cache-Control (`npm start` / Netlify) | Location / Allow | CSP, HSTS, nosniff, X-Frame-Options, X-XSS-Protection, Referrer-Policy, CORP, Permissions-Policy, Content-Type |",
    "|---|---|---|---|---|---|",
  ]
  const cell = (text: string) => text.replace(/\|/g, "\\|")
  for (const { label, start, netlify } of rows) {
    const diff = differences(start, netlify)
    const cache =
      start.headers["cache-control"] === netlify.headers["cache-control"]
        ? short(start.headers["cache-control"])
        : `${short(start.headers["cache-control"])} / ${short(netlify.headers["cache-control"])}`
    const where = [start.headers.location ?? start.headers.allow, netlify.headers.location ?? netlify.headers.allow].every((value, _i, all) => value === all[0])
      ? short(start.headers.location ?? start.headers.allow)
      : `${short(start.headers.location ?? start.headers.allow)} / ${short(netlify.headers.location ?? netlify.headers.allow)}`
    const others = diff.filter((line) => !/^(cache-control|location|allow|status):/.test(line))
    const verdict = others.length ? `differ: ${others.join("; ")}` : "same"
    lines.push(`| ${cell(label)} | ${start.status} | ${netlify.status} | ${cell(cache)} | ${cell(where)} | ${cell(verdict)} |`)
  }
  return lines.join("\n")
}
