/**
 * `npm run test:netlify`: the Netlify path, run end to end on this machine.
 * The Netlify CLI (pinned, fetched into a cache folder outside the project:
 * __tests__/rigs/netlify/cli.ts) builds the site as netlify.toml says (Gatsby with
 * gatsby-adapter-netlify) and serves it with its functions and a local Blobs
 * store, offline. Then, from outside, as `npm start`'s tests do:
 * - every route and file answers with the same status and headers as under
 *   `npm start` (the project's own build, served by src/server), trailing-slash
 *   redirects included (the edge function, on Deno offline: cli.ts), printed as a
 *   side-by-side table; Cache-Control is taken from public/_headers with the
 *   CLI's own matcher, as its static server overwrites it (cli.ts);
 * - every file of the Netlify build gets, from public/_headers, the headers
 *   Gatsby's createHeadersMatcher gave the same file for `npm start`
 *   (.cache/production-server-routes.json);
 * - the forms (__tests__/rigs/netlify/forms.ts), with a real SMTP server on loopback.
 *
 * Needs the project's build (`npm run build`; npm test makes it first). The
 * Netlify build is made in the checkout itself, from Gatsby's cache of that
 * build, as Netlify's own builds start from the cache of the last deploy: a
 * cold build in a copy of the project took 288 s of the test's 325 s here, and
 * Gatsby's cache does not move to another folder (its image jobs are keyed by
 * their absolute output folder). So public/ and .cache/ are first copied
 * aside (var/netlify-test/, and `npm start`'s side is served from there), and
 * put back as they were at the end, whatever happens; a run stopped halfway
 * has them put back by the next one. The CLI's own .netlify/ and the Netlify
 * build's redirect-headers.json for the edge function are removed at the end
 * when they were not there before.
 */
import { execFile } from "node:child_process"
import fs from "node:fs"
import http from "node:http"
import path from "node:path"
import { promisify } from "node:util"
import { readSiteRoutes, ROUTES_FILE } from "../../src/server/route-headers"
import { startBlobsServer, type LocalBlobs } from "../support/blobs-server"
import { startSmtp, type SmtpSink } from "../support/form-server"
import { PROJECT } from "../support/project-copy"
import { assertBuilt, freePort, serveBuild, type Served } from "../support/serve"
import { REDIRECT_HEADERS_FILE } from "../../src/build-time/adapters"
import { CLI_VERSION, DENO_VERSION, cdnHeaders, ensureCli, netlifyServe, type NetlifyServe } from "./netlify/cli"
import { formChecks, type Check } from "./netlify/forms"
import { blobsApiProxy } from "./netlify/blobs-api"
import { ask, differences, probes, table, type Answer } from "./netlify/probes"

const execFileAsync = promisify(execFile)
/** netlify serve builds first: a cold Gatsby build took 3.5 min on a busy 2-core machine (this one is warm) */
const SERVE_TIMEOUT_MS = 10 * 60_000
/** The site ID the CLI gives an unlinked site's Blobs */
const UNLINKED_SITE = "unlinked"

const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(0)

async function compareRoutes(start: Served, reference: string, netlify: NetlifyServe, checks: Check[]): Promise<string> {
  const cdn = await cdnHeaders(path.join(PROJECT, "public"))
  const rows: { label: string; start: Answer; netlify: Answer }[] = []
  for (const probe of probes(PROJECT)) {
    const expected = await ask(start.origin, path.join(reference, "public"), probe)
    const served = await ask(netlify.origin, path.join(PROJECT, "public"), probe)
    // a file's Cache-Control (the 404 page's too) as the CDN sends it (public/_headers), not the CLI's static server's
    const fromFile = !served.pathname.startsWith("/api/") && (served.answer.status < 300 || served.answer.status === 404)
    if (fromFile) {
      const rule = cdn(served.pathname.split("?")[0]!)["cache-control"]
      if (rule) served.answer.headers["cache-control"] = rule
    }
    rows.push({ label: probe.label, start: expected.answer, netlify: served.answer })
  }
  // a request target that starts with "//" reaches the CLI's edge proxy and static server as a
  // protocol-relative URL (new URL(req.url, base) in dist/lib/edge-functions/proxy.js and
  // dist/utils/proxy.js): host "evil.example", path "/"; the CLI serves the home page, never a
  // redirect, so such a row must answer exactly as "/" does there
  const home = rows.find((row) => row.label === "/")!
  const readAsHost = (row: (typeof rows)[number]) =>
    row.label.startsWith("//") &&
    differences(home.netlify, row.netlify).length === 0 &&
    row.start.status === 301 &&
    row.start.headers.location?.startsWith("/") === true &&
    !row.start.headers.location.startsWith("//")
  const differing = rows.filter((row) => differences(row.start, row.netlify).length > 0 && !readAsHost(row))
  const cliReading = rows.filter((row) => differences(row.start, row.netlify).length > 0 && readAsHost(row))
  for (const row of cliReading)
    console.log(
      `CLI ${row.label}: ${differences(row.start, row.netlify).join("; ")} (the CLI reads the target as host "${row.label.slice(2).split("/")[0]}" and path "/", and answers as for "/"; npm start moves it to ${row.start.headers.location})`,
    )
  checks.push({
    name: "every route and file answers as under npm start",
    ok: differing.length === 0,
    detail: `${rows.length - differing.length - cliReading.length} of ${rows.length} the same${cliReading.length ? `, ${cliReading.length} answered by the CLI as "/" (it reads a leading "//" as a host): ${cliReading.map((row) => row.label).join(", ")}` : ""}${differing.length ? `; differ: ${differing.map((row) => `${row.label} (${differences(row.start, row.netlify).join("; ")})`).join(" | ")}` : ""}`,
  })
  return table(rows)
}

/** Every file both builds have: public/_headers (the CLI's matcher) against Gatsby's createHeadersMatcher's headers for npm start */
async function compareFileHeaders(referenceBuild: string, checks: Check[]): Promise<void> {
  const cdn = await cdnHeaders(path.join(PROJECT, "public"))
  const reference = readSiteRoutes(path.join(referenceBuild, ROUTES_FILE)).files
  // Gatsby's warm build leaves the scripts of the build before it in public/ (it does not delete old
  // hashed files), and gives them no rule of their own: a script counts when the Netlify build's
  // webpack stats name it
  const stats = fs.readFileSync(path.join(PROJECT, "public", "webpack.stats.json"), "utf8")
  const leftOver: string[] = []
  const isLeftOver = (file: string) =>
    /^\/[\w-]+-[0-9a-f]{8,}\.js(\.map)?$/.test(file) && !stats.includes(`"${file.slice(1).replace(/\.map$/, "")}"`) && Boolean(leftOver.push(file))
  const mismatches: string[] = []
  let compared = 0
  for (const file of reference) {
    if (isLeftOver(file.path)) continue
    const pagePath = file.path === "/" ? "index.html" : `${file.path.slice(1)}.html`
    const onDisk = [file.path.slice(1), pagePath, path.join(file.path.slice(1), "index.html")].some(
      (candidate) => candidate && fs.existsSync(path.join(PROJECT, "public", candidate)),
    )
    if (!onDisk) continue
    compared += 1
    const expected = Object.fromEntries(file.headers.map(({ key, value }) => [key.toLowerCase(), value]))
    const given = cdn(file.path)
    for (const [key, value] of Object.entries(expected))
      if (given[key] !== value) mismatches.push(`${file.path} ${key}: ${given[key] ?? "—"} (expected ${value})`)
  }
  checks.push({
    name: "public/_headers gives every file the headers createHeadersMatcher gives it for npm start",
    ok: mismatches.length === 0 && compared > 100,
    detail: `${compared} of ${reference.length} files of the npm start build compared (${leftOver.length} scripts left over from it skipped: ${leftOver.join(", ") || "none"})${mismatches.length ? `; ${mismatches.length} differ, e.g. ${mismatches.slice(0, 5).join(" | ")}` : ", all the same"}`,
  })
}

/**
 * One run of the scheduled drain, as Netlify's scheduler calls it: a POST to
 * the function; its status. The CLI answers with an X-Nf-Fetch-Timing header
 * that lists every fetch the function made (one per Blobs request): 15.5 KB
 * after the burst of 50, close to Node's 16 KB limit, hence maxHeaderSize.
 */
function drainOnce(origin: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(`${origin}/.netlify/functions/forms-drain`, { method: "POST", maxHeaderSize: 1 << 20 }, (response) => {
      response.resume()
      response.on("end", () => resolve(response.statusCode!))
    })
    outgoing.on("error", reject)
    outgoing.end()
  })
}

/** Where a copy of the project's own build waits while the Netlify build is made in its place */
const ASIDE = path.join(PROJECT, "var", "netlify-test")
const BUILD_FOLDERS = ["public", ".cache"]

/** Puts back the project's build moved aside by this run or by one stopped halfway; true when there was one. */
function putBuildBack(): boolean {
  if (!fs.existsSync(ASIDE)) return false
  for (const name of BUILD_FOLDERS) {
    const kept = path.join(ASIDE, name)
    if (!fs.existsSync(kept)) continue
    fs.rmSync(path.join(PROJECT, name), { recursive: true, force: true })
    fs.renameSync(kept, path.join(PROJECT, name))
  }
  fs.rmSync(ASIDE, { recursive: true, force: true })
  // var/ too, when this made it
  if (fs.readdirSync(path.dirname(ASIDE)).length === 0) fs.rmdirSync(path.dirname(ASIDE))
  return true
}

/** Copies the project's build aside (the Netlify build starts from the same cache, in place); resolves with where. */
function setBuildAside(): string {
  fs.mkdirSync(ASIDE, { recursive: true })
  for (const name of BUILD_FOLDERS) fs.cpSync(path.join(PROJECT, name), path.join(ASIDE, name), { recursive: true, verbatimSymlinks: true })
  return ASIDE
}

async function main(): Promise<number> {
  const started = Date.now()
  if (putBuildBack()) console.log(`Put back the build an earlier run had moved aside (${path.relative(PROJECT, ASIDE)})`)
  assertBuilt()
  const cli = ensureCli()
  console.log(
    cli.installedSeconds
      ? `netlify-cli@${CLI_VERSION} and deno@${DENO_VERSION} installed in ${cli.installedSeconds.toFixed(0)} s`
      : `netlify-cli@${CLI_VERSION} and deno@${DENO_VERSION} from the cache`,
  )
  const hadNetlifyFolder = fs.existsSync(path.join(PROJECT, ".netlify"))
  const hadRedirectHeaders = fs.existsSync(path.join(PROJECT, REDIRECT_HEADERS_FILE))
  const checks: Check[] = []
  let smtp: SmtpSink | undefined
  let netlify: NetlifyServe | undefined
  let start: Served | undefined
  let blobs: LocalBlobs | undefined
  let blobsApi: { url: string; close: () => Promise<void> } | undefined
  try {
    const reference = setBuildAside()
    smtp = await startSmtp()
    const smtpPort = smtp.port
    const port = await freePort()
    const formsEnv = { FORMS_RATE_LIMIT: "1000", SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_TO: "sales@example.com", FORMS_RETRY_MIN_MS: "3600000" }
    const servedAt = Date.now()
    // npm start's side first, from the build set aside, before the Netlify build replaces public/
    start = await serveBuild({ env: { FORMS_RATE_LIMIT: "1000", PUBLIC_DIR: path.join(reference, "public") } })
    netlify = await netlifyServe(PROJECT, port, { FORMS_STORE: "netlify-blobs", ...formsEnv }, SERVE_TIMEOUT_MS)
    console.log(`netlify serve: built and ready in ${seconds(servedAt)} s`)

    const tableText = await compareRoutes(start, reference, netlify, checks)
    await compareFileHeaders(reference, checks)

    // npm run forms, pointed at the CLI's Blobs store through a Blobs server of its own over the same folder
    blobs = await startBlobsServer({ directory: path.join(PROJECT, ".netlify", "blobs-serve") })
    blobsApi = await blobsApiProxy(blobs.url)
    const storeEnv = {
      ...process.env,
      FORMS_STORE: "netlify-blobs",
      NETLIFY_BLOBS_SITE_ID: UNLINKED_SITE,
      NETLIFY_BLOBS_TOKEN: blobs.token,
      NETLIFY_BLOBS_API_URL: blobsApi.url,
    }
    // not spawnSync: the Blobs API proxy answers from this process's event loop
    const forms = async (...args: string[]) => {
      const { stdout } = await execFileAsync("npm", ["run", "--silent", "forms", "--", ...args], {
        cwd: PROJECT,
        env: storeEnv,
        encoding: "utf8",
        timeout: 60_000,
      })
      return JSON.parse(stdout) as unknown
    }
    const origin = netlify.origin
    const { checks: formResults, mails } = await formChecks({
      origin,
      smtp: () => smtp!,
      smtpDown: async () => smtp!.close(),
      smtpUp: async () => {
        smtp = await startSmtp(smtpPort)
      },
      // as Netlify's scheduler calls it: a POST to the function (the CLI answers with what the function returned)
      drain: () => drainOnce(origin),
      forms,
    })
    checks.push(...formResults)

    console.log(`\n## npm start and the Netlify CLI, side by side\n\n${tableText}\n`)
    console.log(
      `## Mails\n\n${Object.entries(mails)
        .map(([what, count]) => `- ${what}: ${count}`)
        .join("\n")}\n`,
    )
    const failed = checks.filter((check) => !check.ok)
    for (const check of checks) console.log(`${check.ok ? "ok  " : "FAIL"} ${check.name}: ${check.detail}`)
    console.log(
      `\nNetlify: ${failed.length ? `${failed.length} of ${checks.length} checks FAILED` : `all ${checks.length} checks passed`} in ${seconds(started)} s`,
    )
    return failed.length ? 1 : 0
  } catch (error) {
    if (netlify) console.error(`--- netlify serve's output (end) ---\n${netlify.output().slice(-4000)}`)
    throw error
  } finally {
    await Promise.allSettled([netlify?.stop(), start?.stop(), blobsApi?.close().then(() => blobs?.stop()), smtp?.close()])
    putBuildBack()
    if (!hadNetlifyFolder) fs.rmSync(path.join(PROJECT, ".netlify"), { recursive: true, force: true })
    // the Netlify build's headers for the edge function (src/build-time/adapters.ts) belong to that build
    if (!hadRedirectHeaders) fs.rmSync(path.join(PROJECT, REDIRECT_HEADERS_FILE), { force: true })
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  },
)
