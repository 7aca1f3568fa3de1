/**
 * The CMS's configuration is the content model: every type and field of the
 * SDL has its widget, its description as the hint, and its `!` as
 * "required"; files go where editors put them by hand. Also the /admin
 * headers as Gatsby's adapters read them, robots.txt and the reserved slugs.
 */
import fs from "fs"
import os from "os"
import path from "path"
import { createHeadersMatcher } from "gatsby/dist/utils/adapter/create-headers"
import { getNullableType, isListType, isNonNullType, isObjectType, type GraphQLObjectType, type GraphQLOutputType } from "graphql"
import { cmsBackendOrigins, cmsConfig, labelOf, productionBackend, type CmsField } from "../../src/cms/cms-config"
import { contentTypes } from "../../src/content/folders"
import { isShared } from "../../src/content/translations"
import { LANGUAGES } from "../../src/lib/languages"
import { configField, toFragmentData } from "../../src/cms/preview/data"
import { jsonFormat } from "../../src/cms/preview/json-format"
import { buildContentSchema, contentSchema, fileRule, modelSdl } from "../../src/content/schema"
import { validateContent } from "../../src/content/validate-content"
import { robotsTxt } from "../../src/build-time/postbuild/robots"
import { cmsContentSecurityPolicy } from "../../src/security/header-rules"
import { adminContentSecurityPolicy, pagesContentSecurityPolicy, siteHeaders } from "../../src/build-time/site-headers"

const CONTENT = path.resolve("content")
const config = cmsConfig(CONTENT)

/** The fields of a collection's entries */
const entryFields = (name: string): CmsField[] => config.collections.find((candidate) => candidate.name === name)!.fields!

/** Every field of a collection's entries, nested ones too, with where it is */
const everyField = (fields: CmsField[], at: string): { where: string; field: CmsField }[] =>
  fields.flatMap((field) => [
    { where: `${at}.${field.name}`, field },
    ...everyField(field.fields ?? [], `${at}.${field.name}`),
    ...(field.field ? [{ where: `${at}.${field.name}[]`, field: field.field }] : []),
  ])

/** Walks a type's fields beside the CMS fields made from them; `at` names the place for messages */
function expectMatches(type: GraphQLObjectType, fields: CmsField[], at: string): number {
  const declared = Object.values(type.getFields()).filter((field) => field.name !== "id" || !type.getInterfaces().length)
  expect([at, fields.map((field) => field.name)]).toEqual([at, declared.map((field) => field.name)])
  let checked = 0
  declared.forEach((field, index) => {
    const cms = fields[index]!
    const where = `${at}.${field.name}`
    expect([where, cms.required]).toEqual([where, isNonNullType(field.type)])
    expect([where, cms.hint?.startsWith(field.description ?? "")]).toEqual([where, true])
    checked += 1 + expectType(field.type, cms, where, `${type.name}.${field.name}`)
  })
  return checked
}

function expectType(type: GraphQLOutputType, cms: CmsField, where: string, typeAndField: string): number {
  const base = getNullableType(type)
  if (isListType(base)) {
    expect([where, cms.widget]).toEqual([where, "list"])
    const item = getNullableType(base.ofType)
    if (isObjectType(item) && item.name !== "File") return expectMatches(item, cms.fields!, `${where}[]`)
    return expectType(base.ofType, { ...cms.field!, name: cms.name }, `${where}[]`, typeAndField)
  }
  if (isObjectType(base) && base.name === "File") {
    const rule = fileRule(typeAndField)!
    const picture = rule.formats.every((format) => ["jpg", "jpeg", "png", "webp", "avif", "svg"].includes(format))
    expect([where, cms.widget, cms.media_folder, cms.public_folder]).toEqual([where, picture ? "image" : "file", rule.folder, rule.folder])
    return 0
  }
  if (isObjectType(base)) {
    expect([where, cms.widget]).toEqual([where, "object"])
    return expectMatches(base, cms.fields!, where)
  }
  const widgets: Record<string, string[]> = { String: ["string", "text"], Int: ["number"], Float: ["number"], Boolean: ["boolean"] }
  expect([where, widgets[base.name]]).toEqual([where, expect.arrayContaining([cms.widget])])
  return 0
}

describe("the CMS configuration, made from the content model", () => {
  it("has a collection for every content folder, and every field of every type with its widget, hint and required flag", () => {
    const types = contentTypes(CONTENT)
    expect(types.length).toBe(fs.readdirSync(CONTENT, { withFileTypes: true }).filter((entry) => entry.isDirectory()).length)
    expect(config.collections.map((collection) => collection.name)).toEqual(types.map(({ folder }) => folder))
    let fields = 0
    for (const { folder, type } of types) fields += expectMatches(type, entryFields(folder), folder)
    // nested types included: a field added anywhere in the model is walked, and fails here without its widget
    expect(fields).toBeGreaterThan(200)
  })

  it("shows a field added to the model in the CMS, with no second edit", () => {
    const sdl = modelSdl.replace(
      "type HeroSlide {",
      'type HeroSlide {\n  "Small print under the button"\n  footnote: String! @multiline\n  "A badge picture"\n  badge: File @fileByRelativePath @file(formats: ["png"], folder: "badges")',
    )
    const slides = cmsConfig(CONTENT, { model: buildContentSchema(sdl) })
      .collections.find((collection) => collection.name === "hero")!
      .fields!.find((field) => field.name === "slides")!
    expect(slides.fields!.slice(0, 2)).toEqual([
      { name: "footnote", label: "Footnote", hint: "Small print under the button", required: true, widget: "text", i18n: true },
      {
        name: "badge",
        label: "Badge",
        hint: "A badge picture Accepts png.",
        required: false,
        widget: "image",
        media_folder: "badges",
        public_folder: "badges",
        choose_url: false,
        i18n: "duplicate",
      },
    ])
  })

  it("gives each field the widget its type and directives call for (a hero slide)", () => {
    const hero = contentSchema().getType("HeroSlide") as GraphQLObjectType
    const slides = entryFields("hero").find((field) => field.name === "slides")!
    expect(slides.fields!.map((field) => field.name)).toEqual(Object.keys(hero.getFields()))
    expect(slides.fields!.find((field) => field.name === "mainHeading")).toMatchObject({
      widget: "string",
      required: true,
      hint: hero.getFields().mainHeading!.description,
    })
    expect(slides.fields!.find((field) => field.name === "paragraph")).toMatchObject({ widget: "text" })
    expect(slides.fields!.find((field) => field.name === "videoWebm")).toMatchObject({ widget: "file", required: false })
  })

  it("edits each folder's one entry, which editors can neither add to nor delete, and the solutions one entry per page, named by slug", () => {
    const hero = config.collections.find((collection) => collection.name === "hero")!
    expect(hero).toMatchObject({ folder: "content/hero", create: false, delete: false, extension: "json", format: "json", summary: "Hero" })
    const solutions = config.collections.find((collection) => collection.name === "solutions")!
    expect(solutions).toMatchObject({
      folder: "content/solutions",
      create: true,
      extension: "json",
      format: "json",
      slug: "{{fields.slug}}",
      identifier_field: "title",
    })
    expect(solutions.delete).toBeUndefined()
    // Decap allows only single_file i18n in a file collection: every collection is a folder
    expect(config.collections.filter((collection) => collection.files || !collection.folder)).toEqual([])
    for (const collection of config.collections.filter((candidate) => candidate.create === false)) {
      const entry = `${collection.folder}/${collection.name}.en.json`
      expect([entry, fs.existsSync(entry)]).toEqual([entry, true])
    }
  })

  it("edits every language side by side, each in its own file as the site reads them (about.en.json, about.hi.json)", () => {
    expect(config.i18n).toEqual({ structure: "multiple_files", locales: LANGUAGES.map((language) => language.code), default_locale: "en" })
    expect(config.i18n.locales[0]).toBe(config.i18n.default_locale)
    for (const collection of config.collections) {
      expect([collection.name, collection.i18n]).toEqual([collection.name, true])
      // every entry Decap would list is there in every language: <name>.<code>.json
      const names = fs.readdirSync(collection.folder!).filter((name) => name.endsWith(".json"))
      const entries = new Set(names.map((name) => name.replace(/\.[^.]+\.json$/, "")))
      for (const entry of entries)
        for (const code of config.i18n.locales) expect([collection.name, names.includes(`${entry}.${code}.json`)]).toEqual([`${collection.name}`, true])
    }
  })

  it("locks shared values to the English one (numbers, switches, files, @shared text) and translates every other text", () => {
    let shared = 0
    let translated = 0
    for (const { folder, type } of contentTypes(CONTENT)) {
      const walk = (owner: GraphQLObjectType, fields: CmsField[], at: string) => {
        for (const field of Object.values(owner.getFields()).filter((candidate) => candidate.name !== "id" || !owner.getInterfaces().length)) {
          const cms = fields.find((candidate) => candidate.name === field.name)!
          const where = `${at}.${field.name}`
          const expected = isShared(field) ? "duplicate" : true
          // a list or a group is each language's own (Decap takes no "duplicate" there); its items and fields say what they are
          const own = cms.widget === "list" || cms.widget === "object"
          expect([where, cms.i18n]).toEqual([where, own ? true : expected])
          if (cms.field) expect([`${where}[]`, cms.field.i18n]).toEqual([`${where}[]`, expected])
          if (expected === "duplicate") shared += 1
          else translated += 1
          let base = getNullableType(field.type)
          while (isListType(base)) base = getNullableType(base.ofType)
          if (isObjectType(base) && base.name !== "File") walk(base, cms.fields!, where)
        }
      }
      walk(type, entryFields(folder), folder)
    }
    expect(shared).toBeGreaterThan(20)
    expect(translated).toBeGreaterThan(100)
    // by kind: a number, a switch, a file and an @shared text are shared; a plain text is translated
    const all = config.collections.flatMap((collection) => everyField(collection.fields!, collection.name))
    for (const kind of ["number", "boolean", "image", "file"] as const) {
      const ofKind = all.filter(({ field }) => field.widget === kind)
      expect([kind, ofKind.length > 0]).toEqual([kind, true])
      expect(ofKind.filter(({ field }) => field.i18n !== "duplicate").map(({ where }) => where)).toEqual([])
    }
    expect(all.find(({ where }) => where === "solutions.slug")!.field.i18n).toBe("duplicate")
    expect(all.find(({ where }) => where === "hero.slides.mainHeading")!.field.i18n).toBe(true)
    expect(all.filter(({ field }) => field.i18n === undefined).map(({ where }) => where)).toEqual([])
    // Decap's schema: a list or a group takes only true or false
    expect(all.filter(({ field }) => (field.widget === "list" || field.widget === "object") && field.i18n !== true).map(({ where }) => where)).toEqual([])
    expect(all.find(({ where }) => where === "estimate.streams.machines[]")?.field.i18n).toBe("duplicate")
  })

  it("puts uploads where editors put files by hand: beside the JSON, in the solutions' images/ and icons/, and library uploads into the gallery", () => {
    const steps = entryFields("solutions")
      .find((field) => field.name === "howItWorks")!
      .fields!.find((field) => field.name === "steps")!
    expect(steps.fields!.find((field) => field.name === "icon")).toMatchObject({ widget: "image", media_folder: "icons", public_folder: "icons" })
    const images = entryFields("solutions").find((field) => field.name === "images")!
    expect(images.fields!.find((field) => field.name === "image")).toMatchObject({ media_folder: "images" })
    expect(
      entryFields("services")
        .find((field) => field.name === "cards")!
        .fields!.find((field) => field.name === "image"),
    ).toMatchObject({ widget: "image", media_folder: "" })
    expect(config).toMatchObject({ media_folder: "content/gallery", public_folder: "" })
  })

  it("saves locally through the loopback backend, and in production as drafts on the configured Git host", () => {
    expect(cmsConfig(CONTENT, { local: true })).toMatchObject({ backend: { name: "proxy", proxy_url: "http://127.0.0.1:8081/api/v1" } })
    expect(cmsConfig(CONTENT, { local: true }).publish_mode).toBeUndefined()
    expect(cmsConfig(CONTENT, { env: { CMS_REPO: "acme/site" } })).toMatchObject({
      publish_mode: "editorial_workflow",
      backend: { name: "github", repo: "acme/site", branch: "main" },
    })
    expect(productionBackend({ CMS_BACKEND: "forgejo", CMS_REPO: "web/site", CMS_BASE_URL: "https://git.example.org/", CMS_APP_ID: "abc" })).toEqual({
      name: "gitea",
      repo: "web/site",
      branch: "main",
      base_url: "https://git.example.org",
      api_root: "https://git.example.org/api/v1",
      app_id: "abc",
    })
    expect(() => productionBackend({ CMS_BACKEND: "gitea" })).toThrow(/CMS_BASE_URL and CMS_APP_ID/)
    expect(() => productionBackend({ CMS_BACKEND: "svn" })).toThrow(/github, gitea or forgejo/)
  })

  it("labels fields in words", () => {
    expect([labelOf("mainHeading"), labelOf("why-choose-us"), labelOf("id"), labelOf("siteUrl")]).toEqual(["Main heading", "Why choose us", "ID", "Site URL"])
  })
})

describe("the CMS's previews", () => {
  it("turn every file an entry names into the file shape the site's sections take, following the generated fields", () => {
    const solution = JSON.parse(fs.readFileSync(path.join(CONTENT, "solutions/waste-to-charcoal.en.json"), "utf8"))
    const urls: string[] = []
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test walks a solution's fields by name
    const data = toFragmentData<any>(solution, entryFields("solutions").map(configField), (value) => {
      urls.push(value)
      return `blob:${value}`
    })
    expect(data.images[0].image.childImageSharp.gatsbyImageData.images.fallback.src).toBe(`blob:${solution.images[0].image}`)
    expect(data.howItWorks.steps[0].icon.publicURL).toBe(`blob:${solution.howItWorks.steps[0].icon}`)
    expect(data.intro).toEqual(solution.intro)
    expect(urls.length).toBe(solution.images.length + solution.howItWorks.steps.length)
  })
})

describe("the CMS's saves", () => {
  it("write a content file as the repository holds it: two-space JSON ending in a newline, fields in their order", () => {
    const files = fs.readdirSync(CONTENT, { recursive: true, encoding: "utf8" }).filter((name) => name.endsWith(".json"))
    expect(files.length).toBeGreaterThan(30)
    for (const name of files) {
      const text = fs.readFileSync(path.join(CONTENT, name), "utf8")
      // a number written 10.0 by hand is 10 once saved, the same number
      const expected = text.replace(/(": -?\d+)\.0(?=,?\n)/g, "$1")
      expect([name, jsonFormat.toFile(jsonFormat.fromFile(text))]).toEqual([name, expected])
    }
  })
})

describe("/admin apart from the public site", () => {
  const match = createHeadersMatcher(siteHeaders(), "")
  const headers = (pathname: string) => Object.fromEntries(match(pathname, []).map(({ key, value }) => [key, value]))

  it("has its own CSP on /admin and everything under it, as Gatsby's adapters apply the rules, and the public pages keep theirs", () => {
    for (const pathname of ["/admin", "/admin/", "/admin/index.html", "/admin/config.yml", "/admin/decap-cms.js"]) {
      expect([pathname, headers(pathname)["content-security-policy"]]).toEqual([pathname, adminContentSecurityPolicy()])
      expect([pathname, headers(pathname)["x-robots-tag"]]).toEqual([pathname, "noindex, nofollow"])
    }
    for (const pathname of ["/", "/contact", "/waste-to-charcoal", "/administration", "/static/x.js"]) {
      expect([pathname, headers(pathname)["content-security-policy"]]).toEqual([pathname, pagesContentSecurityPolicy()])
      expect([pathname, headers(pathname)["x-robots-tag"]]).toEqual([pathname, undefined])
    }
    expect(pagesContentSecurityPolicy()).not.toMatch(/unsafe-eval|blob:/)
    expect(adminContentSecurityPolicy()).toMatch(/script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval';/)
    expect(adminContentSecurityPolicy()).toMatch(/frame-ancestors 'none'/)
  })

  it("lets the CMS reach only its own Git host", () => {
    expect(cmsContentSecurityPolicy(cmsBackendOrigins(productionBackend({})))).toMatch(/connect-src 'self' blob: https:\/\/api\.github\.com/)
    const gitea = cmsContentSecurityPolicy(
      cmsBackendOrigins(productionBackend({ CMS_BACKEND: "gitea", CMS_BASE_URL: "https://git.example.org", CMS_APP_ID: "x" })),
    )
    expect(gitea).toMatch(/connect-src 'self' blob: https:\/\/git\.example\.org;/)
    expect(gitea).not.toMatch(/github/)
    expect(cmsContentSecurityPolicy(cmsBackendOrigins({ name: "proxy", proxy_url: "http://127.0.0.1:8081/api/v1" }))).toMatch(
      /connect-src 'self' blob: http:\/\/127\.0\.0\.1:8081;/,
    )
  })

  it("is disallowed in robots.txt, and no other path is", () => {
    const robots = robotsTxt("https://www.example.com")
    expect(robots).toMatch(/^Disallow: \/admin\$$/m)
    expect(robots).toMatch(/^Disallow: \/admin\/$/m)
    expect(robots).not.toMatch(/^Disallow: \/admin$/m)
  })

  it("keeps a solution from taking the CMS's address", async () => {
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), "cms-slug-"))
    try {
      fs.cpSync(CONTENT, copy, { recursive: true })
      // the slug is shared: the same in every language
      for (const language of LANGUAGES) {
        const file = path.join(copy, `solutions/waste-to-charcoal.${language.code}.json`)
        fs.writeFileSync(file, JSON.stringify({ ...JSON.parse(fs.readFileSync(file, "utf8")), slug: "admin" }))
      }
      const { errors } = await validateContent(copy)
      expect(errors).toEqual([expect.stringContaining(`"slug" is "admin", an address the site uses for something else`)])
    } finally {
      fs.rmSync(copy, { recursive: true, force: true })
    }
  })
})
