#!/usr/bin/env node
// `npm run audit`: measures the production build against the budgets of
// ../shared/guide/PRODUCT.md and exits 1 when any is missed or a part could not
// run (2 when the audit could not run at all, e.g. the build or the server failed).
//
//   1. builds when needed (the same rule as `npm start`, scripts/start.mjs),
//      starts the production server (src/server/main.ts) on a free loopback
//      port with a throw-away FORMS_DATA_DIR, and stops it at the end;
//   2. HTML validation (html-validate, .htmlvalidate.mjs) of the served HTML
//      of every page;
//   3. links and anchors: linkinator from / (recursing through the site) and
//      from every other page, fragments included, external links skipped;
//   4. axe-core (WCAG 2.0/2.1/2.2 A and AA) in the system Chromium at 375 and
//      1440 px on every page;
//   5. Lighthouse 13, mobile with simulated throttling, 5 runs per public route
//      (one at a time); each budget is held against the median of its figure
//      over the runs (Lighthouse's guidance on variability: the median of 5),
//      and the run Lighthouse's computeMedianRun picks gives the details of a
//      miss; then, measured the same way, a control page with nothing in it
//      (scripts/audit-control.html), once with the headers the site sends and
//      once with none, whose rows show what a navigation costs on the machine
//      itself. They have no budget of their own.
//
// Every page: the six public routes (/, the solutions from
// content/solutions/*.json, /product, /contact), the notice pages from
// content/forms/forms.json pages[].path (noindex by design) and the 404 page
// (requested as /no-such-page). Lighthouse runs on the public routes only: a
// noindex page fails Lighthouse's is-crawlable audit by design.
//
// Prints one table and a budget summary, and writes audit/report.json.
//
// Options (for working on one part; a run with --only or --runs is not a full audit):
//   --no-build        use public/ as it is, even when it is older than the sources
//   --runs=N          Lighthouse runs per route (default 5)
//   --only=a,b        run only some of: html, links, axe, lighthouse
//   --timing-advisory report misses of the Performance score, LCP and TBT but
//                     do not fail on them; every other budget still fails the
//                     audit. For a machine busy with other work, where timings
//                     say little; CI runs the audit without it.
import { spawn } from "node:child_process"
import fs from "node:fs"
import http from "node:http"
import { createRequire } from "node:module"
import os from "node:os"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { FileSystemConfigLoader, HtmlValidate } from "html-validate"
import lighthouse from "lighthouse"
import { computeMedianRun, filterToValidRuns } from "lighthouse/core/lib/median-run.js"
import { LinkChecker } from "linkinator"
import { chromium } from "playwright-core"
import chromiumSupport from "./chromium.cjs"
import { LIGHTHOUSE_SETTINGS, launchForLighthouse } from "./lighthouse-settings.mjs"
import lighthouseTrace from "./lighthouse-trace.cjs"
import { buildIfNeeded } from "./start.mjs"

const { CHROMIUM_ARGS, chromiumPath } = chromiumSupport
const { formatObservedTasks, observedTasks } = lighthouseTrace
const require = createRequire(import.meta.url)
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const publicDir = path.join(root, "public")
const reportFile = path.join(root, "audit", "report.json")

// ---------------------------------------------------------------- settings

const BUDGET = {
  score: 100, // each Lighthouse category, ×100 as Lighthouse shows it
  lcpMs: 1500,
  tbtMs: 50,
  cls: 0.01,
  homeJsKiB: 95, // JavaScript on the home page, gzip, KiB (1024 bytes)
}
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"]
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
const WIDTHS = [
  { width: 375, height: 812 },
  { width: 1440, height: 900 },
]
const NOT_FOUND_PROBE = "/no-such-page"
/** The control page's two rows (see startControlServer): with the headers the site sends, and with none */
const CONTROLS = [
  { route: "(control: site headers)", siteHeaders: true },
  { route: "(control: no headers)", siteHeaders: false },
]
/** What the control replays of the site's response: its policy headers, not those of the file it was */
const NOT_REPLAYED = new Set(["content-length", "content-encoding", "content-type", "etag", "last-modified", "date", "connection", "keep-alive", "transfer-encoding", "vary", "accept-ranges", "cache-control"])

const TIMEOUT = {
  build: 10 * 60_000,
  serverStart: 60_000,
  serverStop: 5_000,
  request: 15_000,
  linkCheck: 3 * 60_000,
  pageLoad: 30_000,
  networkIdle: 10_000,
  axeRun: 60_000,
  chromeLaunch: 30_000,
  lighthouseRun: 150_000,
  whole: 25 * 60_000,
}

const args = process.argv.slice(2)
const option = (name) => args.find((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`))?.split("=")[1] ?? (args.includes(`--${name}`) ? "" : undefined)
const DEFAULT_RUNS = 5
const RUNS = Number(option("runs") ?? DEFAULT_RUNS)
const ONLY = option("only")?.split(",").filter(Boolean) ?? ["html", "links", "axe", "lighthouse"]
const NO_BUILD = option("no-build") !== undefined
/** Performance score, LCP and TBT misses are reported but do not fail the audit (what .ci/run uses; see the options above) */
const TIMING_ADVISORY = option("timing-advisory") !== undefined
for (const arg of args) {
  if (!/^--(no-build|timing-advisory|runs=\d+|only=[a-z,]+)$/.test(arg)) fail(`Unknown option ${arg}. Options: --no-build, --timing-advisory, --runs=N, --only=html,links,axe,lighthouse`)
}
if (!Number.isInteger(RUNS) || RUNS < 1) fail("--runs must be a positive whole number")
for (const part of ONLY) if (!["html", "links", "axe", "lighthouse"].includes(part)) fail(`--only: unknown part "${part}"`)

function fail(message) {
  console.error(`audit: ${message}`)
  process.exit(2)
}

// ---------------------------------------------------------------- small helpers

const log = (message) => process.stderr.write(`${message}\n`)
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
const kib = (bytes) => bytes / 1024

/** Resolves or rejects with the promise, or rejects after ms. */
function withTimeout(promise, ms, what) {
  let timer
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} took longer than ${Math.round(ms / 1000)} s`)), ms)
    }),
  ]).finally(() => clearTimeout(timer))
}

const readJson = (file) => JSON.parse(fs.readFileSync(file, "utf8"))

// ---------------------------------------------------------------- the pages

function pages() {
  const solutionsDir = path.join(root, "content", "solutions")
  const solutions = fs
    .readdirSync(solutionsDir)
    .filter((name) => name.endsWith(".json"))
    .map((name) => readJson(path.join(solutionsDir, name)))
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0) || String(a.slug).localeCompare(String(b.slug)))
  const notices = readJson(path.join(root, "content", "forms", "forms.json")).pages.map((page) => page.path)
  return [
    { route: "/", kind: "public" },
    ...solutions.map((solution) => ({ route: `/${solution.slug}`, kind: "public" })),
    { route: "/product", kind: "public" },
    { route: "/contact", kind: "public" },
    { route: "/privacy", kind: "public" },
    ...notices.map((route) => ({ route, kind: "noindex" })),
    { route: NOT_FOUND_PROBE, kind: "404" },
  ].map((page) => ({
    ...page,
    status: page.kind === "404" ? 404 : 200,
    file: page.kind === "404" ? "public/404.html" : page.route === "/" ? "public/index.html" : `public${page.route}/index.html`,
  }))
}

// ---------------------------------------------------------------- cleanup

const cleanups = []
let cleaning
/** Set by a signal: no new stage, page or run starts. */
let aborted = false
/** Registers fn to run at the end, also on failure or a signal; returns fn. */
function atExit(fn) {
  cleanups.push(fn)
  // registered while cleaning up (a browser that was starting): clean it up too
  if (cleaning) Promise.resolve().then(fn).catch(() => {})
  return fn
}
async function cleanUp() {
  cleaning ??= (async () => {
    for (const fn of cleanups.reverse()) {
      try {
        await withTimeout(Promise.resolve().then(fn), 15_000, "cleaning up")
      } catch (error) {
        log(`audit: cleaning up: ${error.message}`)
      }
    }
  })()
  return cleaning
}
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.once(signal, () => {
    aborted = true
    log(`audit: ${signal}, stopping.`)
    cleanUp().finally(() => process.exit(130))
  })
}

// ---------------------------------------------------------------- the server

/** The production server on a free loopback port; resolves with its origin and a stop function. */
async function startServer() {
  const formsDir = fs.mkdtempSync(path.join(os.tmpdir(), "audit-forms-"))
  atExit(() => fs.rmSync(formsDir, { recursive: true, force: true }))
  const env = { ...process.env, PORT: "0", HOST: "127.0.0.1", FORMS_DATA_DIR: formsDir, LOG_REQUESTS: "false" }
  delete env.SMTP_URL // the audit submits no forms; never send mail from it
  const tsx = path.join(path.dirname(require.resolve("tsx/package.json")), "dist", "cli.mjs")
  // its own process group, so stopping it also stops the child tsx starts
  const server = spawn(process.execPath, [tsx, "src/server/main.ts"], { cwd: root, env, detached: true, stdio: ["ignore", "pipe", "pipe"] })
  let output = ""
  const exited = new Promise((resolve) => server.once("exit", (code, signal) => resolve({ code, signal })))
  const signalGroup = (signal) => {
    try {
      process.kill(-server.pid, signal)
    } catch {
      // already gone
    }
  }
  const stop = atExit(async () => {
    if (server.exitCode !== null || server.signalCode !== null) return
    signalGroup("SIGTERM")
    const stopped = await Promise.race([exited.then(() => true), sleep(TIMEOUT.serverStop).then(() => false)])
    if (!stopped) {
      signalGroup("SIGKILL")
      await Promise.race([exited, sleep(2000)])
    }
  })
  const origin = await withTimeout(
    new Promise((resolve, reject) => {
      const onData = (chunk) => {
        output += chunk
        const match = /Serving .* at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)
        if (match) resolve(match[1])
      }
      server.stdout.on("data", onData)
      server.stderr.on("data", (chunk) => (output += chunk))
      exited.then(({ code, signal }) => reject(new Error(`the server stopped (${signal ?? `exit ${code}`}) before it was ready:\n${output.trim()}`)))
    }),
    TIMEOUT.serverStart,
    "starting the server",
  )
  return { origin, stop, output: () => output }
}

// ---------------------------------------------------------------- HTTP

/** GET with a time limit; the body as a Buffer (decoded from any content coding). */
async function get(url) {
  const response = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(TIMEOUT.request) })
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) }
}

/** The bytes of the body as the server sends it to a client that accepts gzip only (not decoded). */
function gzipBytes(url) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { "accept-encoding": "gzip" }, timeout: TIMEOUT.request }, (response) => {
      let bytes = 0
      response.on("data", (chunk) => (bytes += chunk.length))
      response.on("end", () => resolve({ bytes, encoding: response.headers["content-encoding"] ?? "identity", status: response.statusCode }))
      response.on("error", reject)
    })
    request.on("timeout", () => request.destroy(new Error(`GET ${url} timed out`)))
    request.on("error", reject)
  })
}

const htmlCache = new Map()
/** The served HTML of a URL (without its fragment), fetched once. */
function servedHtml(url) {
  const key = url.split("#")[0]
  if (!htmlCache.has(key)) htmlCache.set(key, get(key))
  return htmlCache.get(key)
}

// ---------------------------------------------------------------- HTML validation

const LINE_AND_COLUMN = (text, index) => {
  const before = text.slice(0, index)
  const line = before.split("\n").length
  return { line, column: index - before.lastIndexOf("\n") }
}

/**
 * Errors html-validate does not look for: bytes that are not UTF-8, and
 * characters whose mere presence is an HTML parse error (NULL,
 * control-character-in-input-stream, noncharacter-in-input-stream).
 */
function inputStreamErrors(buffer) {
  const errors = []
  let text
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(buffer)
  } catch {
    errors.push({ ruleId: "encoding", message: "The document is not valid UTF-8", line: 1, column: 1, selector: null })
    text = new TextDecoder("utf-8").decode(buffer)
  }
  for (const match of text.matchAll(/[\u0000-\u0008\u000B\u000E-\u001F\u007F-\u009F\uFDD0-\uFDEF\uFFFE\uFFFF]/g)) {
    const code = `U+${match[0].codePointAt(0).toString(16).toUpperCase().padStart(4, "0")}`
    const context = JSON.stringify(text.slice(Math.max(0, match.index - 40), match.index + 20))
    errors.push({
      ruleId: match[0] === "\u0000" ? "unexpected-null-character" : /[\uFDD0-\uFDEF\uFFFE\uFFFF]/.test(match[0]) ? "noncharacter-in-input-stream" : "control-character-in-input-stream",
      message: `${code} in the document (an HTML parse error) in ${context}`,
      ...LINE_AND_COLUMN(text, match.index),
      selector: null,
    })
  }
  return errors
}

async function validateHtml(origin, pageList) {
  const validator = new HtmlValidate(new FileSystemConfigLoader())
  const results = {}
  for (const page of pageList) {
    const result = { errors: 0, warnings: 0, messages: [] }
    results[page.route] = result
    try {
      const response = await servedHtml(origin + page.route)
      if (response.status !== page.status) {
        result.messages.push({ ruleId: "http-status", severity: 2, message: `served with status ${response.status}, expected ${page.status}`, line: 0, column: 0 })
      }
      const html = response.body.toString("utf8")
      // the file name only picks the config (.htmlvalidate.mjs) and names the page
      const report = await validator.validateString(html, path.join(root, page.file))
      const messages = report.results.flatMap((file) => file.messages)
      for (const message of messages) {
        result.messages.push({ ruleId: message.ruleId, severity: message.severity, message: message.message, line: message.line, column: message.column, selector: message.selector })
      }
      for (const error of inputStreamErrors(response.body)) result.messages.push({ ...error, severity: 2 })
    } catch (error) {
      result.messages.push({ ruleId: "audit", severity: 2, message: `could not validate: ${error.message}`, line: 0, column: 0 })
    }
    result.errors = result.messages.filter((message) => message.severity === 2).length
    result.warnings = result.messages.filter((message) => message.severity === 1).length
    log(`  html ${page.route}: ${result.errors} errors, ${result.warnings} warnings`)
  }
  return results
}

// ---------------------------------------------------------------- links and anchors

const decodeEntities = (value) =>
  value.replace(/&(amp|quot|apos|lt|gt|#39|#x27);/g, (_, name) => ({ amp: "&", quot: '"', apos: "'", lt: "<", gt: ">", "#39": "'", "#x27": "'" })[name])

/**
 * Whether #fragment leads somewhere in html: an element with that id, an <a>
 * with that name, or (HTML's "scroll to a fragment") an empty fragment or
 * "top", which scroll to the top of the document.
 */
function fragmentExists(html, fragment) {
  if (fragment === "" || fragment.toLowerCase() === "top") return true
  for (const [, value] of html.matchAll(/\sid="([^"]*)"/g)) if (decodeEntities(value) === fragment) return true
  for (const [, value] of html.matchAll(/<a\b[^>]*\sname="([^"]*)"/g)) if (decodeEntities(value) === fragment) return true
  return false
}

async function checkLinks(origin, pageList) {
  const probe = origin + NOT_FOUND_PROBE
  const checker = new LinkChecker()
  const crawled = new Set()
  checker.on("pagestart", (url) => crawled.add(String(url)))
  const { links } = await withTimeout(
    checker.check({
      path: pageList.map((page) => origin + page.route),
      recurse: true,
      checkFragments: true,
      // resolve relative links against /product as a browser does (not /product/)
      cleanUrls: true,
      concurrency: 8,
      timeout: TIMEOUT.request,
      // no internet here: links off this site are not requested, only counted
      linksToSkip: async (link) => new URL(link).origin !== origin,
    }),
    TIMEOUT.linkCheck,
    "the link check",
  )

  const broken = new Map() // url -> { url, status, reason, parents: Set }
  const addBroken = (url, status, reason, parent) => {
    const entry = broken.get(url) ?? { url, status, reason, parents: new Set() }
    // a missing page that links to itself (#main) is not one more place the link is on
    if (parent && parent !== url.split("#")[0]) entry.parents.add(parent)
    broken.set(url, entry)
  }
  const skipped = { external: new Set(), other: new Set() }
  for (const link of links) {
    const url = link.url
    if (link.state === "SKIPPED") {
      ;(/^https?:/.test(url) ? skipped.external : skipped.other).add(url)
      continue
    }
    if (link.state !== "BROKEN") continue
    // the 404 page answers 404 on purpose, and links to itself (#main, #top)
    if (url.split("#")[0] === probe && link.status === 404) continue
    const fragment = /Fragment identifier '#(.*)' not found/.exec(String(link.failureDetails?.[0]?.message ?? ""))?.[1]
    // "#top" scrolls to the top of the page by HTML's rules; linkinator only knows ids
    if (fragment !== undefined && fragment.toLowerCase() === "top") continue
    const reason =
      fragment !== undefined
        ? `no element with id "${fragment}" on the page`
        : link.failureDetails?.map((detail) => detail?.message ?? (detail?.status ? `HTTP ${detail.status}` : String(detail))).join("; ") || `HTTP ${link.status}`
    addBroken(url, link.status, reason, link.parent)
  }

  // linkinator validates a fragment only while its page has not been checked
  // yet; look at every fragment link on every page once more, from the HTML.
  let fragmentLinks = 0
  const linkedFrom = new Map() // path -> paths of the pages that link to it (from the HTML)
  const pagesToScan = new Set([...pageList.map((page) => origin + page.route), ...crawled])
  for (const pageUrl of pagesToScan) {
    const page = await servedHtml(pageUrl).catch(() => undefined)
    if (!page || !/html/.test(page.headers.get("content-type") ?? "")) continue
    const html = page.body.toString("utf8")
    for (const [, href] of html.matchAll(/<(?:a|area)\b[^>]*?\shref="([^"]*)"/g)) {
      let target
      try {
        target = new URL(decodeEntities(href), pageUrl)
      } catch {
        continue
      }
      if (target.origin !== origin) continue
      if (target.pathname !== new URL(pageUrl).pathname) linkedFrom.set(target.pathname, (linkedFrom.get(target.pathname) ?? new Set()).add(new URL(pageUrl).pathname))
      if (!target.hash) continue
      fragmentLinks += 1
      const fragment = decodeURIComponent(target.hash.slice(1))
      const targetPage = await servedHtml(target.href).catch(() => undefined)
      if (!targetPage) continue // a failed request is linkinator's to report
      const expected = target.href.split("#")[0] === probe ? 404 : 200
      if (targetPage.status !== expected) continue // linkinator reports the page itself
      if (!fragmentExists(targetPage.body.toString("utf8"), fragment)) addBroken(target.href, targetPage.status, `no element with id "${fragment}" on the page`, pageUrl)
    }
  }

  log(`  links: ${links.length} results, ${broken.size} broken, ${fragmentLinks} fragment links`)
  return {
    checked: links.filter((link) => link.state !== "SKIPPED").length,
    pagesCrawled: [...crawled].sort(),
    fragmentLinks,
    skipped: { external: [...skipped.external].sort(), other: [...skipped.other].sort() },
    linkedFrom,
    broken: [...broken.values()].map((entry) => ({ ...entry, parents: [...entry.parents].sort() })),
  }
}

// ---------------------------------------------------------------- axe

async function runAxe(origin, pageList) {
  const axeSource = fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8")
  const results = Object.fromEntries(pageList.map((page) => [page.route, {}]))
  const browser = await withTimeout(
    // the audit's own signal handlers close the browser
    chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, timeout: TIMEOUT.chromeLaunch, handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false }),
    TIMEOUT.chromeLaunch + 5000,
    "starting Chromium",
  )
  atExit(() => browser.close())
  try {
    for (const viewport of WIDTHS) {
      // bypassCSP: the site's CSP (rightly) refuses the injected axe script
      const context = await browser.newContext({ viewport, bypassCSP: true })
      const page = await context.newPage()
      page.setDefaultTimeout(TIMEOUT.pageLoad)
      for (const { route, status } of pageList) {
        if (aborted) break
        const result = { violations: [], incomplete: 0 }
        results[route][viewport.width] = result
        try {
          const response = await page.goto(origin + route, { waitUntil: "load", timeout: TIMEOUT.pageLoad })
          if (response?.status() !== status) throw new Error(`served with status ${response?.status()}, expected ${status}`)
          await page.waitForLoadState("networkidle", { timeout: TIMEOUT.networkIdle }).catch(() => {})
          // as a visitor sees it: scroll through once (reveal animations, lazy
          // images), let the 900 ms reveals finish, back to the top
          await page.evaluate(async () => {
            const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
            for (let y = 0; y < document.documentElement.scrollHeight; y += Math.round(window.innerHeight * 0.75)) {
              window.scrollTo({ top: y, behavior: "instant" })
              await pause(120)
            }
            await pause(1200)
            window.scrollTo({ top: 0, behavior: "instant" })
            await pause(300)
          })
          await page.evaluate(axeSource)
          const axe = await withTimeout(
            page.evaluate((tags) => window.axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] }), AXE_TAGS),
            TIMEOUT.axeRun,
            `axe on ${route}`,
          )
          result.violations = axe.violations.map((violation) => ({
            id: violation.id,
            impact: violation.impact,
            help: violation.help,
            helpUrl: violation.helpUrl,
            nodes: violation.nodes.map((node) => ({ target: node.target.map(String).join(" "), summary: node.failureSummary?.split("\n").slice(0, 3).join(" ") })),
          }))
          result.incomplete = axe.incomplete.length
        } catch (error) {
          result.error = error.message
        }
        log(`  axe ${route} @${viewport.width}: ${result.error ? `error: ${result.error}` : `${result.violations.length} violations`}`)
      }
      await context.close()
    }
  } finally {
    await browser.close()
  }
  return results
}

// ---------------------------------------------------------------- Lighthouse

async function launchChrome() {
  const chrome = await withTimeout(
    launchForLighthouse(),
    TIMEOUT.chromeLaunch,
    "starting Chromium for Lighthouse",
  )
  const kill = atExit(async () => {
    try {
      await chrome.kill()
    } catch {
      // already gone
    }
  })
  return { port: chrome.port, kill }
}

const firstNode = (audit) => {
  const find = (items = []) => {
    for (const item of items) {
      if (item?.node?.selector) return item.node
      if (item?.items) {
        const node = find(item.items)
        if (node) return node
      }
    }
    return undefined
  }
  return find(audit?.details?.items)
}

const METRIC_AUDITS = new Set(["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index", "interactive", "max-potential-fid"])
const oneLine = (text, max = 160) => {
  const flat = String(text ?? "").replace(/\s+/g, " ").trim()
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat
}

/** What a miss needs from a Lighthouse result: metrics, scores and their causes. */
function summarizeRun(lhr) {
  const audit = (id) => lhr.audits[id]
  const scores = Object.fromEntries(CATEGORIES.map((id) => [id, lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100)]))
  const scripts = (audit("network-requests")?.details?.items ?? []).filter((item) => item.resourceType === "Script")
  // Lighthouse 13: the LCP element and its subparts (TTFB, load delay, load
  // duration, render delay) come from the LCP breakdown insight, which
  // replaced the largest-contentful-paint-element audit
  const lcpBreakdown = audit("lcp-breakdown-insight")?.details?.items ?? []
  const lcpNode = lcpBreakdown.find((item) => item.type === "node")
  const lcpPhases = (lcpBreakdown.find((item) => item.type === "table")?.items ?? []).map((item) => ({ phase: item.subpart, ms: Math.round(item.duration) }))

  const failing = {}
  for (const id of CATEGORIES) {
    const category = lhr.categories[id]
    if (!category) continue
    const totalWeight = category.auditRefs.reduce((sum, ref) => sum + ref.weight, 0)
    failing[id] = category.auditRefs
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 1)
      .map((ref) => {
        const a = lhr.audits[ref.id]
        const node = firstNode(a)
        return {
          id: ref.id,
          title: a.title,
          score: a.score,
          displayValue: a.displayValue,
          pointsLost: Math.round(((ref.weight * (1 - a.score)) / totalWeight) * 1000) / 10,
          element: node ? `${node.selector}${node.snippet ? ` ${oneLine(node.snippet)}` : ""}` : undefined,
        }
      })
      .sort((a, b) => b.pointsLost - a.pointsLost)
  }
  // performance diagnostics and insights that name savings, largest first
  const opportunities = lhr.categories.performance.auditRefs
    .filter((ref) => ref.weight === 0)
    .map((ref) => ({ id: ref.id, audit: lhr.audits[ref.id] }))
    .filter(({ id, audit: a }) => !METRIC_AUDITS.has(id) && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "notApplicable")
    .map(({ id, audit: a }) => ({ id, title: a.title, displayValue: a.displayValue, savings: a.metricSavings ?? {} }))
    .sort((a, b) => (b.savings.TBT ?? 0) + (b.savings.LCP ?? 0) - (a.savings.TBT ?? 0) - (a.savings.LCP ?? 0))
  return {
    scores,
    lcpMs: audit("largest-contentful-paint")?.numericValue,
    tbtMs: audit("total-blocking-time")?.numericValue,
    cls: audit("cumulative-layout-shift")?.numericValue,
    fcpMs: audit("first-contentful-paint")?.numericValue,
    ttiMs: audit("interactive")?.numericValue,
    scripts: scripts.map((item) => ({ url: item.url, transferSize: item.transferSize, resourceSize: item.resourceSize })),
    jsTransferBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    lcpElement: lcpNode ? { selector: lcpNode.selector, snippet: lcpNode.snippet, label: lcpNode.nodeLabel } : undefined,
    lcpPhases,
    longTasks: (audit("long-tasks")?.details?.items ?? []).slice(0, 5).map((item) => ({ url: item.url, ms: Math.round(item.duration), startMs: Math.round(item.startTime) })),
    bootup: (audit("bootup-time")?.details?.items ?? []).slice(0, 4).map((item) => ({ url: item.url, totalMs: Math.round(item.total), scriptingMs: Math.round(item.scripting) })),
    layoutShifts: (audit("layout-shifts")?.details?.items ?? []).slice(0, 5).map((item) => ({ element: item.node?.selector ?? item.node?.nodeLabel ?? "(unknown)", score: item.score })),
    failing,
    opportunities: opportunities.slice(0, 6),
    warnings: lhr.runWarnings ?? [],
    benchmarkIndex: lhr.environment?.benchmarkIndex,
    // the unthrottled trace the simulation starts from
    observed: (({ observedFirstContentfulPaint: fcp, observedLargestContentfulPaint: lcp, observedDomContentLoaded: dcl, observedLoad: load } = {}) => ({ fcp, lcp, dcl, load }))(
      audit("metrics")?.details?.items?.[0],
    ),
  }
}

/** RUNS Lighthouse runs of one URL (a failed run is tried again, twice at most); each budget figure's median, the details of computeMedianRun's run, and every run's figures. */
async function measure(url, label) {
  const runs = []
  // each run's main-thread tasks, read from its unthrottled trace (which is not kept)
  const tasks = new Map()
  const errors = []
  let chrome
  // a run that fails (Lighthouse's NO_NAVSTART and the like) is tried again, twice at most per route
  for (let attempt = 1; runs.length < RUNS && attempt <= RUNS + 2 && !aborted; attempt += 1) {
    const run = runs.length + 1
    try {
      chrome ??= await launchChrome()
      const result = await withTimeout(
        lighthouse(url, {
          port: chrome.port,
          ...LIGHTHOUSE_SETTINGS,
          onlyCategories: CATEGORIES,
          disableFullPageScreenshot: true,
        }),
        TIMEOUT.lighthouseRun,
        `Lighthouse on ${label}`,
      )
      const lhr = result?.lhr
      if (!lhr) throw new Error("Lighthouse returned no result")
      if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`)
      runs.push(lhr)
      tasks.set(lhr, observedTasks(result.artifacts?.Trace))
      const summary = summarizeRun(lhr)
      log(`  lighthouse ${label} run ${run}/${RUNS}: ${CATEGORIES.map((id) => summary.scores[id]).join("/")}, LCP ${(summary.lcpMs / 1000).toFixed(2)} s, TBT ${Math.round(summary.tbtMs)} ms, CLS ${summary.cls.toFixed(3)}`)
    } catch (error) {
      errors.push(error.message)
      log(`  lighthouse ${label} run ${run}/${RUNS}: error (${attempt < RUNS + 2 ? "trying again" : "giving up"}): ${error.message}`)
      // a fresh browser for the next run
      await chrome?.kill()
      chrome = undefined
    }
  }
  await chrome?.kill()
  const valid = filterToValidRuns(runs)
  if (valid.length === 0) return { error: errors.join("; ") || "no valid Lighthouse run" }
  // the run whose details explain a miss: closest to the median FCP and TTI
  const median = computeMedianRun(valid)
  const validSummaries = valid.map(summarizeRun)
  const medianOf = (values) => {
    const known = values.filter((value) => typeof value === "number").sort((a, b) => a - b)
    if (known.length === 0) return null
    const middle = Math.floor(known.length / 2)
    return known.length % 2 ? known[middle] : (known[middle - 1] + known[middle]) / 2
  }
  return {
    ...summarizeRun(median),
    // the budgets' figures: each one's median over the valid runs
    scores: Object.fromEntries(CATEGORIES.map((id) => [id, medianOf(validSummaries.map((run) => run.scores[id]))])),
    lcpMs: medianOf(validSummaries.map((run) => run.lcpMs)),
    tbtMs: medianOf(validSummaries.map((run) => run.tbtMs)),
    cls: medianOf(validSummaries.map((run) => run.cls)),
    observedTasks: tasks.get(median),
    medianRun: runs.indexOf(median) + 1,
    runs: runs.map((lhr) => {
      const { scores, lcpMs, tbtMs, cls, benchmarkIndex } = summarizeRun(lhr)
      return { scores, lcpMs, tbtMs, cls, benchmarkIndex }
    }),
    errors,
    lighthouseVersion: median.lighthouseVersion,
    userAgent: median.environment?.hostUserAgent,
  }
}

async function runLighthouse(origin, pageList) {
  const results = {}
  for (const { route } of pageList) {
    if (aborted) break
    const summary = await measure(origin + route, route)
    results[route] = summary
    if (summary.error) continue
    // JavaScript as gzip: the same script URLs, as the server sends them to a gzip-only client
    try {
      let gzip = 0
      for (const script of summary.scripts) {
        const sent = await gzipBytes(script.url)
        if (sent.status !== 200) throw new Error(`${script.url} answered ${sent.status} when fetched again for its gzip size (was public/ rebuilt?)`)
        script.gzipBytes = sent.bytes
        script.gzipEncoding = sent.encoding
        gzip += sent.bytes
      }
      results[route].jsGzipBytes = gzip
    } catch (error) {
      results[route].jsGzipError = error.message
    }
  }
  // the control: the same measurement of a page with nothing in it, served
  // with the site's own headers and with none
  const site = await get(`${origin}/`)
  const siteHeaders = Object.fromEntries([...site.headers].filter(([name]) => !NOT_REPLAYED.has(name)))
  for (const control of CONTROLS) {
    if (aborted) break
    const server = await startControlServer(control.siteHeaders ? siteHeaders : {})
    results[control.route] = { ...(await measure(server.url, control.route)), headers: Object.keys(control.siteHeaders ? siteHeaders : {}) }
    await server.stop()
  }
  return results
}

/**
 * A loopback server for the control page (scripts/audit-control.html: a
 * heading and a paragraph, no stylesheet, script, font or image), measured
 * after the routes exactly as they are. Its TBT is what Chromium's own
 * navigation (commit, the page's JavaScript context, Lighthouse's injected
 * scripts) costs on this machine under the simulated 4x slower CPU: the floor
 * under every route's figure. Served once with the site's headers and once
 * with none, so a header that costs the navigation itself shows (it was
 * Cross-Origin-Opener-Policy, which put the page in a fresh renderer
 * process; the site no longer sends it, README "The audit").
 */
async function startControlServer(headers) {
  const html = fs.readFileSync(path.join(root, "scripts", "audit-control.html"))
  const server = http.createServer((request, response) => {
    response.writeHead(request.url === "/" ? 200 : 404, { ...headers, "Content-Type": "text/html; charset=utf-8", "Content-Length": html.length, "Cache-Control": "no-store" })
    response.end(request.method === "HEAD" ? undefined : html)
  })
  await new Promise((resolve, reject) => server.once("error", reject).listen(0, "127.0.0.1", resolve))
  const stop = atExit(() => new Promise((resolve) => server.close(() => resolve())))
  return { url: `http://127.0.0.1:${server.address().port}/`, stop }
}

// ---------------------------------------------------------------- report

function pad(value, width, right = false) {
  const text = String(value)
  return right ? text.padStart(width) : text.padEnd(width)
}

function buildReport({ origin, pageList, html, links, axe, lh, started, builtAt }) {
  const misses = []
  const miss = (route, what, detail = [], timing = false) => misses.push({ route, what, detail, timing })
  // not misses (the budget is on the median of the runs), but worth knowing: single runs over a budget
  const notes = []
  const rows = []
  const parentRoute = (url) => (url?.startsWith(origin) ? url.slice(origin.length) || "/" : url)

  for (const page of pageList) {
    const { route, kind } = page
    const row = { route, kind }
    rows.push(row)

    // Lighthouse
    const result = lh?.[route]
    if (kind === "public" && lh) {
      if (!result || result.error) {
        row.lighthouse = "error"
        miss(route, `Lighthouse did not run: ${result?.error ?? "no result"}`)
      } else {
        row.scores = result.scores
        row.lcpMs = result.lcpMs
        row.tbtMs = result.tbtMs
        row.cls = result.cls
        row.jsGzipBytes = result.jsGzipBytes
        row.jsTransferBytes = result.jsTransferBytes
        const names = { performance: "Performance", accessibility: "Accessibility", "best-practices": "Best Practices", seo: "SEO" }
        const runScores = (id) => result.runs.map((run) => run.scores[id]).join(", ")
        for (const id of CATEGORIES) {
          if (result.scores[id] === null || result.scores[id] < BUDGET.score) {
            const detail = result.failing[id].map(
              (a) => `${a.id}: ${a.displayValue ? `${a.displayValue}, ` : ""}score ${a.score}, −${a.pointsLost} pts${a.element ? ` — ${a.element}` : ""}${id !== "performance" ? ` (${a.title})` : ""}`,
            )
            if (id === "performance") {
              for (const o of result.opportunities) {
                const savings = Object.entries(o.savings).filter(([, v]) => v > 0).map(([k, v]) => `saves ~${Math.round(v)}${k === "CLS" ? "" : " ms"} ${k}`)
                detail.push(`diagnostic ${o.id} (${o.title})${o.displayValue ? `: ${o.displayValue}` : ""}${savings.length ? ` — ${savings.join(", ")}` : ""}`)
              }
            }
            miss(route, `${names[id]} ${result.scores[id]} < ${BUDGET.score}, median of runs ${runScores(id)} (details from run ${result.medianRun})`, detail, id === "performance")
          }
        }
        if (!(result.lcpMs <= BUDGET.lcpMs)) {
          const element = result.lcpElement ? `LCP element: ${result.lcpElement.selector} ${oneLine(result.lcpElement.snippet, 200)}` : "LCP element: not reported"
          const phases = result.lcpPhases.length ? `simulated phases: ${result.lcpPhases.map((p) => `${p.phase} ${p.ms} ms`).join(", ")}; FCP ${Math.round(result.fcpMs)} ms` : "phases: not reported"
          const o = result.observed
          const observed = `unthrottled trace: FCP ${Math.round(o.fcp)} ms, LCP ${Math.round(o.lcp)} ms, DOMContentLoaded ${Math.round(o.dcl)} ms, load ${Math.round(o.load)} ms`
          miss(route, `LCP ${Math.round(result.lcpMs)} ms > ${BUDGET.lcpMs} ms, median of runs ${result.runs.map((run) => Math.round(run.lcpMs)).join(", ")} (details from run ${result.medianRun})`, [element, phases, observed], true)
        }
        if (!(result.tbtMs <= BUDGET.tbtMs)) {
          miss(route, `TBT ${Math.round(result.tbtMs)} ms > ${BUDGET.tbtMs} ms, median of runs ${result.runs.map((run) => Math.round(run.tbtMs)).join(", ")} (details from run ${result.medianRun})`, [
            `long tasks (simulated start, duration): ${result.longTasks.map((t) => `${t.url.replace(origin, "")} @${t.startMs} ms ${t.ms} ms`).join("; ")}`,
            `main-thread time by script: ${result.bootup.map((b) => `${b.url.replace(origin, "")} ${b.totalMs} ms (${b.scriptingMs} ms scripting)`).join("; ")}`,
            `unthrottled trace, tasks of 12.5 ms or more: ${formatObservedTasks(result.observedTasks)}`,
          ], true)
        }
        if (!(result.cls <= BUDGET.cls)) {
          miss(route, `CLS ${result.cls.toFixed(3)} > ${BUDGET.cls}, median of runs ${result.runs.map((run) => run.cls.toFixed(3)).join(", ")}`, [
            `shifts: ${result.layoutShifts.map((s) => `${s.element} ${s.score.toFixed(3)}`).join("; ") || "not attributed"}`,
          ])
        }
        if (result.runs.length < RUNS) notes.push(`${route}: only ${result.runs.length} of ${RUNS} Lighthouse runs succeeded (${result.errors.join("; ")})`)
        for (const [key, label, budget, format] of [
          ["lcpMs", "LCP", BUDGET.lcpMs, (v) => `${Math.round(v)} ms`],
          ["tbtMs", "TBT", BUDGET.tbtMs, (v) => `${Math.round(v)} ms`],
          ["cls", "CLS", BUDGET.cls, (v) => v.toFixed(3)],
        ]) {
          const over = result.runs.filter((run) => run[key] > budget)
          if (result[key] <= budget && over.length) notes.push(`${route}: ${label} met as the median, but ${over.length} of ${result.runs.length} runs had ${over.map((run) => format(run[key])).join(", ")}`)
        }
        if (route === "/" && result.jsGzipError) miss(route, `JavaScript size not measured: ${result.jsGzipError}`)
        else if (route === "/" && !(kib(result.jsGzipBytes) <= BUDGET.homeJsKiB)) {
          miss(route, `JavaScript ${kib(result.jsGzipBytes).toFixed(2)} KiB gzip (${result.jsGzipBytes} bytes) > ${BUDGET.homeJsKiB} KiB (${BUDGET.homeJsKiB * 1024} bytes)`, [
            result.scripts
              .slice()
              .sort((a, b) => b.gzipBytes - a.gzipBytes)
              .map((s) => `${s.url.replace(origin, "")} ${kib(s.gzipBytes).toFixed(1)}`)
              .join(", "),
          ])
        }
      }
    }

    // axe
    if (axe) {
      row.axe = {}
      for (const { width } of WIDTHS) {
        const result = axe[route]?.[width]
        row.axe[width] = result?.error ? "err" : result?.violations.length
        if (result?.error) miss(route, `axe @${width} px did not run: ${result.error}`)
        else if (result?.violations.length) {
          miss(
            route,
            `axe @${width} px: ${result.violations.length} violation${result.violations.length > 1 ? "s" : ""}`,
            result.violations.map((v) => `${v.id} (${v.impact}, ${v.nodes.length} element${v.nodes.length > 1 ? "s" : ""}): ${v.help} — ${v.nodes.slice(0, 4).map((n) => n.target).join(" | ")}${v.nodes.length > 4 ? " | …" : ""}`),
          )
        }
      }
    }

    // HTML
    if (html) {
      const result = html[route]
      row.htmlErrors = result.errors
      if (result.errors > 0) {
        const byRule = new Map()
        for (const message of result.messages.filter((m) => m.severity === 2)) {
          byRule.set(message.ruleId, [...(byRule.get(message.ruleId) ?? []), message])
        }
        miss(
          route,
          `${result.errors} HTML error${result.errors > 1 ? "s" : ""} in the served HTML (${page.file})`,
          [...byRule].map(([rule, messages]) => {
            const first = messages[0]
            const where = first.selector ? ` at ${first.selector}` : ` at line ${first.line}:${first.column}`
            return `${rule} ×${messages.length}: ${first.message}${where}${messages.length > 1 ? " (first of these)" : ""}`
          }),
        )
      }
    }

    // links
    if (links) {
      const url = origin + route
      const own = links.broken.filter((entry) => entry.parents.includes(url) || (entry.url.split("#")[0] === url && entry.parents.length === 0))
      row.broken = own.length
    }
  }

  for (const { route, siteHeaders } of CONTROLS) {
    const control = lh?.[route]
    if (!control) continue
    rows.push({ route, kind: "control", scores: control.scores, lcpMs: control.lcpMs, tbtMs: control.tbtMs, cls: control.cls })
    if (control.error) notes.push(`${route} could not be measured: ${control.error}`)
    else {
      notes.push(
        `${route}: a bare page (scripts/audit-control.html: no stylesheet, script, font or image) ${siteHeaders ? `served with the headers / is sent with (${control.headers.join(", ")})` : "served with no headers"}, measured the same way after the routes: TBT ${control.runs.map((run) => Math.round(run.tbtMs)).join(", ")} ms, long tasks ${control.longTasks.map((t) => `${t.url.replace(/^http:\/\/127\.0\.0\.1:\d+\//, "") || "/"} ${t.ms} ms`).join("; ") || "none"}; in the unthrottled trace of the median run, tasks of 12.5 ms or more: ${formatObservedTasks(control.observedTasks)}.`,
      )
      if (control.tbtMs > BUDGET.tbtMs) notes.push(`${route} itself missed TBT ≤ ${BUDGET.tbtMs} ms (${Math.round(control.tbtMs)} ms): in this audit, a route's TBT miss may be the machine's and not the page's.`)
    }
  }

  if (links) {
    for (const entry of links.broken) {
      miss(parentRoute(entry.parents[0]) ?? parentRoute(entry.url), `broken: ${parentRoute(entry.url)} (${entry.reason})`, [
        `linked from: ${entry.parents.map(parentRoute).join(", ") || "(a start page)"}`,
      ])
    }
  }

  return { rows, misses, notes, durationMs: Date.now() - started, builtAt }
}

const routeLabel = (row) => `${row.route}${row.kind === "noindex" ? " (noindex)" : row.kind === "404" ? " (404)" : ""}`

function formatTable(rows, { lh, axe, html, links }) {
  const columns = [
    ["Route", Math.max(5, ...rows.map((row) => routeLabel(row).length))],
    ["Perf", 5],
    ["A11y", 5],
    ["BP", 5],
    ["SEO", 5],
    ["LCP s", 6],
    ["TBT ms", 7],
    ["CLS", 6],
    ["JS KB gz", 9],
    ["axe 375/1440", 13],
    ["HTML err", 9],
    ["Broken", 7],
  ]
  const mark = (value, bad) => (value === undefined || value === null ? "–" : `${value}${bad ? "*" : ""}`)
  const lines = []
  lines.push(columns.map(([name, width], i) => pad(name, width, i > 0)).join(" "))
  lines.push(columns.map(([, width]) => "-".repeat(width)).join(" "))
  for (const row of rows) {
    const noLh = !["public", "control"].includes(row.kind) || !lh
    const s = row.scores ?? {}
    const cells = [
      routeLabel(row),
      noLh ? "–" : mark(s.performance, s.performance < BUDGET.score),
      noLh ? "–" : mark(s.accessibility, s.accessibility < BUDGET.score),
      noLh ? "–" : mark(s["best-practices"], s["best-practices"] < BUDGET.score),
      noLh ? "–" : mark(s.seo, s.seo < BUDGET.score),
      noLh || row.lcpMs === undefined ? "–" : mark((row.lcpMs / 1000).toFixed(2), row.lcpMs > BUDGET.lcpMs),
      noLh || row.tbtMs === undefined ? "–" : mark(Math.round(row.tbtMs), row.tbtMs > BUDGET.tbtMs),
      noLh || row.cls === undefined ? "–" : mark(row.cls.toFixed(3), row.cls > BUDGET.cls),
      noLh || row.jsGzipBytes === undefined ? "–" : mark(kib(row.jsGzipBytes).toFixed(1), row.route === "/" && kib(row.jsGzipBytes) > BUDGET.homeJsKiB),
      axe ? WIDTHS.map(({ width }) => mark(row.axe?.[width], row.axe?.[width] !== 0)).join("/") : "–",
      html ? mark(row.htmlErrors, row.htmlErrors > 0) : "–",
      links ? mark(row.broken, row.broken > 0) : "–",
    ]
    lines.push(cells.map((cell, i) => pad(cell, columns[i][1], i > 0)).join(" "))
  }
  return lines.join("\n")
}

// ---------------------------------------------------------------- main

async function main() {
  const started = Date.now()
  const watchdog = setTimeout(() => {
    log(`audit: gave up after ${TIMEOUT.whole / 60_000} min.`)
    cleanUp().finally(() => process.exit(2))
  }, TIMEOUT.whole)
  watchdog.unref()

  if (NO_BUILD) log("--no-build: auditing public/ as it is.")
  else {
    const status = buildIfNeeded({ timeout: TIMEOUT.build })
    if (status !== 0) throw new Error(`the build failed (exit ${status})`)
  }
  const builtAt = () => fs.statSync(path.join(publicDir, "index.html"), { throwIfNoEntry: false })?.mtimeMs
  const builtAtStart = builtAt()

  const pageList = pages()
  const publicPages = pageList.filter((page) => page.kind === "public")
  const server = await startServer()
  log(`Server at ${server.origin}; ${pageList.length} pages: ${pageList.map((page) => page.route).join(" ")}`)

  const timings = {}
  const stage = async (name, fn) => {
    if (!ONLY.includes(name) || aborted) return undefined
    const t = Date.now()
    log(`${name}…`)
    try {
      return await fn()
    } catch (error) {
      stageErrors.push(`${name}: ${error.message.split("\n")[0]}`)
      log(`  ${name} failed: ${error.stack ?? error.message}`)
      return undefined
    } finally {
      timings[name] = Math.round((Date.now() - t) / 1000)
    }
  }
  const stageErrors = []
  const html = await stage("html", () => validateHtml(server.origin, pageList))
  const links = await stage("links", () => checkLinks(server.origin, pageList))
  const axe = await stage("axe", () => runAxe(server.origin, pageList))
  const lh = await stage("lighthouse", () => runLighthouse(server.origin, publicPages))
  await server.stop()
  if (aborted) return 130

  const report = buildReport({ origin: server.origin, pageList, html, links, axe, lh, started, builtAt: builtAtStart })
  for (const error of stageErrors) report.misses.push({ route: "(audit)", what: `could not run ${error}`, detail: [] })
  const skippedParts = ["html", "links", "axe", "lighthouse"].filter((part) => !ONLY.includes(part))
  const partial = skippedParts.length > 0 || RUNS !== DEFAULT_RUNS
  const rebuilt = builtAt() !== builtAtStart

  // ---- print
  const out = []
  out.push("")
  out.push(`Site audit of the production build (${server.origin}), ${new Date().toISOString()}`)
  out.push("")
  out.push(formatTable(report.rows, { lh, axe, html, links }))
  out.push("")
  out.push(
    [
      "* misses its budget; – not measured.",
      lh
        ? `Lighthouse ${Object.values(lh).find((r) => r.lighthouseVersion)?.lighthouseVersion ?? ""}: mobile, simulated throttling, ${RUNS} run${RUNS > 1 ? "s" : ""} per route, one at a time; each score and LCP/TBT/CLS is the median of its runs (a miss's details come from the run Lighthouse's computeMedianRun picks, closest to the median FCP and TTI). This machine's Lighthouse benchmarkIndex: ${Object.values(lh).map((r) => r.benchmarkIndex).filter(Boolean).map(Math.round).join(", ") || "n/a"}.`
        : "Lighthouse: not run.",
      `Lighthouse runs on the ${publicPages.length} public routes only: the noindex pages (${pageList.filter((p) => p.kind === "noindex").map((p) => p.route).join(", ")}) and the 404 page fail is-crawlable (SEO) by design. axe, HTML validation and links cover all ${pageList.length} pages.`,
      "JS KB gz: the page's scripts (Lighthouse's network requests) as the server sends them gzip-compressed, KB = 1024 bytes; budget on / only." +
        (lh?.["/"]?.jsTransferBytes ? ` On the wire to Chromium (brotli, with headers) / took ${kib(lh["/"].jsTransferBytes).toFixed(1)} KB.` : ""),
      `axe: violations (rules) of ${AXE_TAGS.join(", ")} at 375 and 1440 px, after scrolling through the page once.`,
      links
        ? `Links: ${links.checked} URLs checked (${links.pagesCrawled.length} HTML pages crawled, ${links.fragmentLinks} fragment links verified), ${links.skipped.external.length} external links skipped (no internet), ${links.skipped.other.length} mailto:/tel:/data: skipped. Broken column: broken links found on that page.`
        : "Links: not checked.",
    ].join("\n"),
  )
  if (links) {
    const unlinked = publicPages.filter((page) => !links.linkedFrom.get(page.route)).map((page) => page.route)
    out.push(
      unlinked.length
        ? `Public routes no page links to: ${unlinked.join(", ")} (checked as start pages).`
        : `Every public route is linked from the site; the noindex pages and the 404 page are checked as start pages.`,
    )
  }
  // --timing-advisory: the timing misses are listed on their own and do not count
  const advisory = TIMING_ADVISORY ? report.misses.filter((m) => m.timing) : []
  const failing = report.misses.filter((m) => !advisory.includes(m))
  const listMisses = (misses) => {
    for (const m of misses) {
      out.push(`- ${m.route}: ${m.what}`)
      for (const line of m.detail) out.push(`    ${line}`)
    }
  }
  out.push("")
  if (failing.length === 0 && !partial) out.push(`Budget summary: every budget met${TIMING_ADVISORY ? ` except any listed below as advisory (--timing-advisory: Performance, LCP and TBT are reported, not enforced)` : ""}.`)
  else {
    out.push(`Budget summary: ${failing.length} miss${failing.length === 1 ? "" : "es"}${partial ? ` (partial audit: ${[skippedParts.length ? `skipped ${skippedParts.join(", ")}` : "", RUNS !== DEFAULT_RUNS ? `${RUNS} Lighthouse runs` : ""].filter(Boolean).join("; ")})` : ""}`)
    listMisses(failing)
  }
  if (advisory.length) {
    out.push("")
    out.push(`Advisory misses (--timing-advisory: measured and missed, but not failing this audit): ${advisory.length}`)
    listMisses(advisory)
  }
  if (report.notes.length) {
    out.push("")
    out.push("Notes (not misses):")
    for (const note of report.notes) out.push(`- ${note}`)
  }
  if (rebuilt) out.push("\nNote: public/ was rebuilt while the audit ran; the figures may mix two builds. Run the audit again.")
  out.push("")
  out.push(`Runtime ${Math.round(report.durationMs / 1000)} s (${Object.entries(timings).map(([name, s]) => `${name} ${s} s`).join(", ")}). Report: ${path.relative(root, reportFile)}`)
  console.log(out.join("\n"))

  // ---- JSON
  fs.mkdirSync(path.dirname(reportFile), { recursive: true })
  const json = {
    generatedAt: new Date().toISOString(),
    origin: server.origin,
    runtimeSeconds: Math.round(report.durationMs / 1000),
    timings,
    partial,
    publicRebuiltDuringAudit: rebuilt,
    budgets: BUDGET,
    lighthouse: { runs: RUNS, formFactor: "mobile", throttlingMethod: "simulate", median: "per-figure median of the runs; details from computeMedianRun", routes: publicPages.map((p) => p.route) },
    axe: { tags: AXE_TAGS, widths: WIDTHS.map((w) => w.width) },
    table: report.rows,
    pages: pageList.map((page) => ({
      ...page,
      lighthouse: lh?.[page.route],
      axe: axe?.[page.route],
      html: html?.[page.route],
    })),
    controls: Object.fromEntries(CONTROLS.map(({ route }) => [route, lh?.[route]])),
    links: links && { ...links, linkedFrom: Object.fromEntries([...links.linkedFrom].map(([url, parents]) => [url, [...parents]])) },
    misses: report.misses,
    notes: report.notes,
    // every budget, Performance, LCP and TBT included
    passed: report.misses.length === 0 && !partial,
    timingAdvisory: TIMING_ADVISORY,
    passedWithTimingAdvisory: failing.length === 0 && !partial,
  }
  fs.writeFileSync(reportFile, `${JSON.stringify(json, null, 2)}\n`)
  clearTimeout(watchdog)
  return failing.length === 0 && !partial ? 0 : 1
}

let code = 2
try {
  code = await main()
} catch (error) {
  console.error(`audit: ${error.stack ?? error.message}`)
  code = 2
} finally {
  await cleanUp()
}
process.exit(code)
