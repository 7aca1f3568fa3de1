/**
 * The editors' CMS end to end, as an editor uses it: on a copy of the
 * project, the local backend (`npm run cms`) and `gatsby develop` run, and
 * headless Chromium edits through /admin. Saves must land in content/ as an
 * editor would have written them, in each language's file (hero.en.json,
 * hero.hi.json) laid out as the repository holds them, pass the content
 * validation (each translation true to its English file), and show on the
 * site a build makes, the Hindi on /hi/; an entry with a required field
 * emptied must be refused with a message, its file untouched. The copy is
 * deleted at the end, whatever happened.
 */
import { spawn, type ChildProcess } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { chromium, type Browser, type Page } from "playwright-core"
import sharp from "sharp"
import { CHROMIUM_ARGS, chromiumPath } from "../../scripts/lib/chromium"
import { adminPage } from "../../src/cms/admin"
import { cmsConfig } from "../../src/cms/cms-config"
import { startLocalBackend, type LocalBackend } from "../../scripts/dev/cms-local-backend"
import { readableName } from "../../src/content/gallery"
import { validateContent } from "../../src/content/validate-content"
import { fill } from "../../src/lib/text"
import { freePort, waitUntil } from "../support/form-server"
import { copyTrackedFiles, linkNodeModules } from "../support/project-copy"

jest.setTimeout(10 * 60_000)

const SCREENSHOTS = path.resolve(__dirname, "../../screenshots/cms")
const project = fs.mkdtempSync(path.join(os.tmpdir(), "cms-e2e-"))
const content = path.join(project, "content")
let backend: LocalBackend
let develop: ChildProcess | undefined
let developOutput = ""
let site = ""
let browser: Browser
let pageErrors: string[] = []
let consoleErrors: string[] = []

const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(content, file), "utf8"))
/** A saved file is laid out as the repository's: two-space JSON ending in a newline */
const expectRepositoryLayout = (file: string) => {
  const text = fs.readFileSync(path.join(content, file), "utf8")
  expect([file, text]).toEqual([file, `${JSON.stringify(JSON.parse(text), null, 2)}\n`])
}
/** The file once it is whole: the backend writes in place, so a read may catch it half-written */
const settledJson = (file: string) => {
  try {
    return readJson(file)
  } catch {
    return {}
  }
}
// in a process group of its own: `gatsby develop` runs the site in a child of its own, which must stop with it
const gatsby = (args: string[], env: Record<string, string>) =>
  spawn(process.execPath, [path.join(project, "node_modules/gatsby/cli.js"), ...args], {
    cwd: project,
    env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  })

/**
 * Stops `gatsby develop` and every process it started, and waits until they
 * have ended: a develop still writing .cache/ and public/ while the build
 * runs left the build a page short of an edit (a CI run on a busy host).
 */
async function stopDevelop(): Promise<void> {
  const running = develop
  develop = undefined
  if (!running?.pid || running.exitCode !== null || running.signalCode !== null) return
  const group = -running.pid
  const ended = new Promise<void>((resolve) => running.once("close", () => resolve()))
  process.kill(group, "SIGTERM")
  const timer = setTimeout(() => {
    try {
      process.kill(group, "SIGKILL")
    } catch {
      // already gone
    }
  }, 20_000)
  await ended
  clearTimeout(timer)
  // the group's other members (the develop child) end with the signal too; wait until none is left
  for (let tries = 0; tries < 100; tries++) {
    try {
      process.kill(group, 0)
    } catch {
      return
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  process.kill(group, "SIGKILL")
}

beforeAll(async () => {
  copyTrackedFiles(project)
  linkNodeModules(project)
  // what an earlier `npm run build` leaves in public/: the production CMS, which saves to the Git host;
  // under `gatsby develop` /admin must still be the one that saves into the checkout
  fs.mkdirSync(path.join(project, "public/admin"), { recursive: true })
  fs.writeFileSync(path.join(project, "public/admin/index.html"), adminPage("Content manager (production build)"))
  fs.writeFileSync(path.join(project, "public/admin/config.yml"), JSON.stringify(cmsConfig(content, { local: false })))
  fs.mkdirSync(SCREENSHOTS, { recursive: true })
  const backendPort = await freePort()
  backend = await startLocalBackend({ root: project, port: backendPort, quiet: true })
  const sitePort = await freePort()
  site = `http://127.0.0.1:${sitePort}`
  develop = gatsby(["develop", "-H", "127.0.0.1", "-p", String(sitePort)], { CMS_LOCAL_PORT: String(backendPort), NODE_ENV: "development" })
  develop.stdout!.on("data", (chunk: Buffer) => (developOutput += chunk.toString()))
  develop.stderr!.on("data", (chunk: Buffer) => (developOutput += chunk.toString()))
  await waitUntil(
    async () =>
      (await fetch(`${site}/admin/`)
        .then((response) => response.ok)
        .catch(() => false)) || undefined,
    4 * 60_000,
    "gatsby develop did not serve /admin/",
    1000,
  ).catch((error: Error) => {
    throw new Error(`${error.message}\n${developOutput.slice(-3000)}`)
  })
  browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
})

afterAll(async () => {
  await browser?.close()
  await stopDevelop()
  await backend?.close()
  fs.rmSync(project, { recursive: true, force: true })
})

/**
 * /admin in a fresh page, logged in to the local backend. Beside the editor
 * is the preview, or with `pane: "i18n"` the second language's editor (what
 * Decap shows until an editor picks the preview).
 */
async function openCms(hash = "", { pane = "preview" }: { pane?: "preview" | "i18n" } = {}): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
  await page.addInitScript((choice) => localStorage.setItem("cms.right-pane", choice), pane)
  page.on("pageerror", (error) => pageErrors.push(`${hash || "/admin/"}: ${String(error)} ${error.stack ?? ""}`.trim()))
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(`${hash || "/admin/"}: ${message.text()}`)
  })
  await page.goto(`${site}/admin/`)
  await page.getByRole("button", { name: /login/i }).click()
  await page.getByRole("link", { name: /hero/i }).first().waitFor()
  if (hash) await page.goto(`${site}/admin/${hash}`)
  return page
}

/**
 * The preview pane once it is in the site's own look: the site's stylesheet
 * (cms-preview.css) has loaded and set the site's font. Decap adds the
 * stylesheet to the preview frame by itself, so without this wait a
 * screenshot may catch the sections still unstyled.
 */
async function previewInSiteLook(page: Page): Promise<void> {
  const body = page.frameLocator("iframe").first().locator("body")
  await waitUntil(
    async () => (await body.evaluate((element) => getComputedStyle(element).fontFamily).catch(() => "")).includes("Manrope") || undefined,
    20_000,
    "the preview is not in the site's look: the site's stylesheet did not style it",
    100,
  )
}

/** The editor's pane in a language ("hi"): its fields, and the preview in that language */
async function writeIn(page: Page, code: string): Promise<void> {
  await page
    .getByRole("button", { name: /^writing in/i })
    .first()
    .click()
  await page.getByRole("menuitem", { name: code, exact: true }).click()
  await page.getByRole("button", { name: new RegExp(`^writing in ${code}$`, "i") }).waitFor({ timeout: 10_000 })
}

async function publish(page: Page): Promise<void> {
  await page.getByRole("button", { name: /^publish$/i }).click()
  await page.getByRole("menuitem", { name: "Publish now" }).click()
}

/** Adds a step to the open solution's How it works in the language being written, its icon picked from the solution's icons, and waits for the preview to show it */
async function addStep(solution: Page, step: { id: string; title: string; description: string; icon: string }): Promise<void> {
  await solution.getByRole("button", { name: "Add step" }).click()
  await solution.getByLabel("ID").last().fill(step.id)
  await solution.getByLabel("Title").last().fill(step.title)
  await solution.getByLabel("Description").last().fill(step.description)
  await solution
    .getByRole("button", { name: /choose an image/i })
    .last()
    .click()
  await solution.getByText(step.icon, { exact: true }).click()
  await solution.getByRole("button", { name: "Choose selected" }).click()
  await solution.frameLocator("iframe").first().getByText(step.title).waitFor({ timeout: 20_000 })
}

describe("the CMS at /admin, on the local backend", () => {
  const heading = "Electricity From the Town's Own Refuse, Saved in the CMS"
  const hindiHeading = "शहर के अपने कचरे से बिजली, सीएमएस में सहेजी गई"
  const step = {
    id: "cms-quality-check",
    title: "Quality Check Added in the CMS",
    description: "Each batch is weighed and sampled before it leaves the site.",
    icon: "drying.svg",
  }
  const hindiStep = {
    title: "सीएमएस में जोड़ी गई गुणवत्ता जाँच",
    description: "हर बैच साइट से निकलने से पहले तौला जाता है और उसका नमूना लिया जाता है।",
  }
  const picture = "cms-upload-test.jpg"

  it("refuses to save an entry with a required field emptied, says which field, and leaves its file as it was", async () => {
    const file = path.join(content, "services/services.en.json")
    const before = fs.readFileSync(file, "utf8")
    const page = await openCms("#/collections/services/entries/services")
    const title = page.getByLabel("Title").first()
    await expect(title.inputValue()).resolves.toBe(readJson("services/services.en.json").title)
    await title.fill("")
    await publish(page)
    await page.getByText("Oops, you've missed a required field. Please complete before saving.").waitFor({ timeout: 10_000 })
    await page
      .getByText(/title is required/i)
      .first()
      .waitFor({ timeout: 10_000 })
    // the preview still shows the service cards, as the site does
    const firstCard = readJson("services/services.en.json").cards[0].title as string
    await page.frameLocator("iframe").first().locator(".service-card h3").getByText(firstCard).waitFor({ timeout: 20_000 })
    await previewInSiteLook(page)
    await page.screenshot({ path: path.join(SCREENSHOTS, "required-field-1440.png") })
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(fs.readFileSync(file, "utf8")).toBe(before)
    await page.close()
    // Decap rejects the refused save with no reason (its notice above is the message); nothing else went wrong
    expect(pageErrors).toEqual(["#/collections/services/entries/services: undefined"])
  })

  it("asks for a title and an alt text when a gallery picture is uploaded in the gallery, and saves them with the picture", async () => {
    pageErrors = []
    const name = "cms-gallery-upload.jpg"
    const item = { title: "Sorting Line at Dawn", alt: "Two workers sort plastic from a conveyor belt under floodlights" }
    const hindiItem = { title: "भोर में छँटाई लाइन", alt: "फ्लडलाइट की रोशनी में दो कर्मचारी कन्वेयर बेल्ट से प्लास्टिक छाँटते हैं" }
    const upload = path.join(project, name)
    await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 120, g: 90, b: 40 } } })
      .jpeg()
      .toFile(upload)
    const itemsBefore = (readJson("gallery/gallery.en.json").items ?? []).length as number

    const page = await openCms("#/collections/gallery/entries/gallery")
    // the field says how to add a picture so that it is described
    await page
      .getByText(/so the CMS asks for its title and alt text/i)
      .first()
      .waitFor({ timeout: 20_000 })
    await page.getByRole("button", { name: "Add item" }).click()
    await page
      .getByRole("button", { name: /choose an image/i })
      .last()
      .click()
    await page.locator("input[type=file]").setInputFiles(upload)
    // an upload from an entry waits in the media library, selected, and is saved with the entry
    await page.getByText(name).first().waitFor({ timeout: 20_000 })
    await page.getByRole("button", { name: "Choose selected" }).click()

    // with the picture chosen and nothing written about it, the CMS asks for both and saves nothing, not even the picture
    await publish(page)
    await page.getByText("Oops, you've missed a required field. Please complete before saving.").waitFor({ timeout: 10_000 })
    await page
      .getByText(/title is required/i)
      .first()
      .waitFor({ timeout: 10_000 })
    await page
      .getByText(/alt is required/i)
      .first()
      .waitFor({ timeout: 10_000 })
    await page.screenshot({ path: path.join(SCREENSHOTS, "gallery-upload-asks-1440.png") })
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(settledJson("gallery/gallery.en.json").items ?? []).toHaveLength(itemsBefore)
    expect(fs.existsSync(path.join(content, "gallery", name))).toBe(false)

    await page.getByLabel("Title").last().fill(item.title)
    await page.getByLabel("Alt").last().fill(item.alt)
    // a list is each language's own: the Hindi gallery gets the picture too, described in Hindi
    await writeIn(page, "hi")
    await page.getByRole("button", { name: "Add item" }).click()
    await page
      .getByRole("button", { name: /choose an image/i })
      .last()
      .click()
    await page.getByText(name, { exact: true }).first().click()
    await page.getByRole("button", { name: "Choose selected" }).click()
    await page.getByLabel("Title").last().fill(hindiItem.title)
    await page.getByLabel("Alt").last().fill(hindiItem.alt)
    await publish(page)
    await waitUntil(() => (settledJson("gallery/gallery.en.json").items ?? []).length === itemsBefore + 1 || undefined, 20_000, "gallery.json was not saved")
    await waitUntil(() => (settledJson("gallery/gallery.hi.json").items ?? []).length === itemsBefore + 1 || undefined, 20_000, "gallery.hi.json was not saved")
    await waitUntil(() => fs.existsSync(path.join(content, "gallery", name)) || undefined, 20_000, "the uploaded picture did not reach content/gallery/")
    await page.close()
    expect(fs.readFileSync(path.join(content, "gallery", name))).toEqual(fs.readFileSync(upload))
    expect(readJson("gallery/gallery.en.json").items.at(-1)).toMatchObject({ image: name, ...item })
    expect(readJson("gallery/gallery.hi.json").items.at(-1)).toMatchObject({ image: name, ...hindiItem })
    expectRepositoryLayout("gallery/gallery.en.json")
    expectRepositoryLayout("gallery/gallery.hi.json")
    // described, so the build no longer lists it among the pictures without an alt text
    const report = await validateContent(content)
    expect(report.errors).toEqual([])
    expect(report.warnings.filter((warning) => warning.includes(name))).toEqual([])
    // Decap rejects the refused save with no reason (its notice above is the message)
    expect(pageErrors).toEqual(["#/collections/gallery/entries/gallery: undefined"])
  })

  it("previews a machine as the site's product card while it is typed, in the site's look", async () => {
    pageErrors = []
    consoleErrors = []
    const products = readJson("products/products.en.json")
    const machine = "Baler Typed in the CMS"
    const page = await openCms("#/collections/products/entries/products")
    // the page's title, then each machine's
    await page.getByLabel("Title", { exact: true }).nth(1).fill(machine)
    const card = page.frameLocator("iframe").first().locator(".product-card").first()
    await card.locator("h3").getByText(machine).waitFor({ timeout: 20_000 })
    await expect(card.locator(".product-card__link").textContent()).resolves.toBe(fill(products.enquire, { title: machine }))
    await previewInSiteLook(page)
    await page.screenshot({ path: path.join(SCREENSHOTS, "products-preview-1440.png") })
    await page.close()
    // typed, not saved
    expect(readJson("products/products.en.json")).toEqual(products)
    expect(pageErrors).toEqual([])
    expect(consoleErrors).toEqual([])
  })

  it("saves a hero heading in English and in Hindi, a gallery picture and a new how-it-works step into content/, which validate and show on the built site, the Hindi on /hi/", async () => {
    pageErrors = []
    consoleErrors = []
    // the collection list, for the reviewers' screenshot
    const page = await openCms()
    expect(await page.title()).toMatch(/content manager/i)
    await page.screenshot({ path: path.join(SCREENSHOTS, "collections-1440.png") })

    // a gallery picture through the media library: it joins the gallery with no JSON edit
    const upload = path.join(project, picture)
    await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 46, g: 125, b: 50 } } })
      .jpeg()
      .toFile(upload)
    await page.getByRole("button", { name: "Media" }).click()
    await page.locator("input[type=file]").setInputFiles(upload)
    await waitUntil(() => fs.existsSync(path.join(content, "gallery", picture)) || undefined, 20_000, "the uploaded picture did not reach content/gallery/")
    expect(fs.readFileSync(path.join(content, "gallery", picture))).toEqual(fs.readFileSync(upload))
    await page.close()

    // both languages side by side, as Decap opens an entry, for the reviewers' screenshot
    const sideBySide = await openCms("#/collections/hero/entries/hero", { pane: "i18n" })
    await sideBySide.getByRole("button", { name: /^writing in hi$/i }).waitFor({ timeout: 20_000 })
    await expect(sideBySide.getByLabel("Main heading").first().inputValue()).resolves.toBe(readJson("hero/hero.en.json").slides[0].mainHeading)
    // the Hindi form after the English one's slides
    const englishSlides = readJson("hero/hero.en.json").slides.length as number
    await expect(sideBySide.getByLabel("Main heading").nth(englishSlides).inputValue()).resolves.toBe(readJson("hero/hero.hi.json").slides[0].mainHeading)
    await sideBySide.screenshot({ path: path.join(SCREENSHOTS, "hero-side-by-side-1440.png") })
    await sideBySide.close()

    // the hero's main heading, with the site's own hero in the preview, in English and then in Hindi
    const heroHindiBefore = readJson("hero/hero.hi.json")
    const hero = await openCms("#/collections/hero/entries/hero")
    await hero.getByLabel("Main heading").first().fill(heading)
    const preview = hero.frameLocator("iframe").first()
    await preview.getByText(heading).first().waitFor({ timeout: 20_000 })
    await previewInSiteLook(hero)
    await hero.screenshot({ path: path.join(SCREENSHOTS, "hero-editor-1440.png") })
    await writeIn(hero, "hi")
    await hero.getByLabel("Main heading").first().fill(hindiHeading)
    // the preview shows the Hindi entry, in Hindi
    await preview.getByText(hindiHeading).first().waitFor({ timeout: 20_000 })
    await expect(preview.locator(".cms-preview").first().getAttribute("lang")).resolves.toBe("hi-IN")
    await hero.screenshot({ path: path.join(SCREENSHOTS, "hero-editor-hindi-1440.png") })
    await publish(hero)
    await waitUntil(() => settledJson("hero/hero.en.json").slides?.[0].mainHeading === heading || undefined, 20_000, "hero.en.json was not saved")
    await waitUntil(() => settledJson("hero/hero.hi.json").slides?.[0].mainHeading === hindiHeading || undefined, 20_000, "hero.hi.json was not saved")
    await hero.close()
    // only the heading changed in Hindi, and both files are laid out as before
    const heroHindi = readJson("hero/hero.hi.json")
    heroHindiBefore.slides[0].mainHeading = hindiHeading
    expect(heroHindi).toEqual(heroHindiBefore)
    expect(Object.keys(heroHindi)).toEqual(Object.keys(heroHindiBefore))
    expectRepositoryLayout("hero/hero.en.json")
    expectRepositoryLayout("hero/hero.hi.json")

    // a new step in a solution's How it works, its icon picked from the solution's icons
    const solution = await openCms("#/collections/solutions/entries/waste-to-charcoal")
    const stepsBefore = readJson("solutions/waste-to-charcoal.en.json").howItWorks.steps.length as number
    await addStep(solution, step)
    await previewInSiteLook(solution)
    await solution.screenshot({ path: path.join(SCREENSHOTS, "solution-preview-1440.png") })
    // the Hindi page gets the step too: its text in Hindi, its ID and icon as in English
    await writeIn(solution, "hi")
    await addStep(solution, { ...step, title: hindiStep.title, description: hindiStep.description })
    await solution.screenshot({ path: path.join(SCREENSHOTS, "solution-preview-hindi-1440.png") })
    await publish(solution)
    await waitUntil(
      () =>
        (settledJson("solutions/waste-to-charcoal.en.json").howItWorks?.steps.length === stepsBefore + 1 &&
          settledJson("solutions/waste-to-charcoal.hi.json").howItWorks?.steps.length === stepsBefore + 1) ||
        undefined,
      20_000,
      "the solution was not saved in both languages",
    )
    await solution.close()

    // the files, as an editor would have written them
    const saved = readJson("solutions/waste-to-charcoal.en.json")
    expect(saved.howItWorks.steps.at(-1)).toEqual({ ...step, icon: `icons/${step.icon}` })
    expect(saved.slug).toBe("waste-to-charcoal")
    const savedHindi = readJson("solutions/waste-to-charcoal.hi.json")
    expect(savedHindi.howItWorks.steps.at(-1)).toEqual({ id: step.id, ...hindiStep, icon: `icons/${step.icon}` })
    expect(savedHindi.slug).toBe("waste-to-charcoal")
    expectRepositoryLayout("solutions/waste-to-charcoal.en.json")
    expectRepositoryLayout("solutions/waste-to-charcoal.hi.json")
    expect(readJson("hero/hero.en.json").slides[0].mainHeading).toBe(heading)
    const report = await validateContent(content)
    expect(report.errors).toEqual([])
    expect(pageErrors).toEqual([])
    expect(consoleErrors).toEqual([])

    // a build of the edited copy shows all three
    await stopDevelop()
    const build = gatsby(["build"], { NODE_ENV: "production" })
    let buildOutput = ""
    build.stdout!.on("data", (chunk: Buffer) => (buildOutput += chunk.toString()))
    build.stderr!.on("data", (chunk: Buffer) => (buildOutput += chunk.toString()))
    const code = await new Promise<number | null>((resolve) => build.on("close", resolve))
    if (code !== 0) throw new Error(`gatsby build failed on the CMS's edits:\n${buildOutput.slice(-4000)}`)
    const home = fs.readFileSync(path.join(project, "public/index.html"), "utf8")
    expect(home).toContain(heading.replace(/'/g, "&#x27;"))
    expect(home).toContain(`alt="${readableName(picture.replace(/\.jpg$/, ""))}"`)
    expect(home).not.toContain(hindiHeading)
    const charcoal = fs.readFileSync(path.join(project, "public/waste-to-charcoal/index.html"), "utf8")
    expect(charcoal).toContain(step.title)
    expect(charcoal).toContain(step.description)
    // the Hindi edits on the Hindi pages
    const hindiHome = fs.readFileSync(path.join(project, "public/hi/index.html"), "utf8")
    expect(hindiHome).toContain(hindiHeading)
    expect(hindiHome).not.toContain(heading.replace(/'/g, "&#x27;"))
    const hindiCharcoal = fs.readFileSync(path.join(project, "public/hi/waste-to-charcoal/index.html"), "utf8")
    expect(hindiCharcoal).toContain(hindiStep.title)
    expect(hindiCharcoal).toContain(hindiStep.description)
  })
})
