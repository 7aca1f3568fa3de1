import { createPages, createResolvers, createSchemaCustomization, onCreatePage } from "../../gatsby-node"
import { TRANSLATED } from "../../src/lib/languages"

type Node = { id: string; slug: string; locale: string }

const NOTICES = [
  { id: "contact-sent", path: "/thank-you" },
  { id: "subscribe-pending", path: "/subscribe/check-your-inbox" },
  { id: "subscribe-confirmed", path: "/subscribe/confirmed" },
  { id: "unsubscribed", path: "/subscribe/unsubscribed" },
]

async function run(nodes: Node[], pages = NOTICES) {
  const created = jest.fn()
  const panicOnBuild = jest.fn()
  const graphql = jest.fn().mockResolvedValue({
    data: {
      allFormsJson: {
        nodes: [
          { locale: "en", pages },
          { locale: "hi", pages },
        ],
      },
      allSolutionsJson: { nodes },
    },
  })
  await (createPages as (args: unknown) => Promise<void>)({ graphql, actions: { createPage: created, createRedirect: jest.fn() }, reporter: { panicOnBuild } })
  // The solution pages, apart from the forms' notice pages
  const createPage = { mock: { calls: created.mock.calls.filter(([page]) => /solution\.tsx$/.test(page.component)) } }
  const notices = created.mock.calls.filter(([page]) => /notice\.tsx$/.test(page.component)).map(([page]) => page)
  return { createPage, panicOnBuild, notices }
}

const node = (slug: string, locale = "en"): Node => ({ id: `id-${slug}-${locale}`, slug, locale })

describe("createPages", () => {
  it("creates one page per solution from the one template, keyed by slug", async () => {
    const { createPage, panicOnBuild } = await run([
      node("waste-to-electricity"),
      node("waste-to-charcoal"),
      node("waste-to-biochar"),
      node("waste-to-hydrogen"),
    ])
    expect(panicOnBuild).not.toHaveBeenCalled()
    expect(createPage.mock.calls.map(([page]) => page.path)).toEqual(["/waste-to-electricity", "/waste-to-charcoal", "/waste-to-biochar", "/waste-to-hydrogen"])
    const templates = new Set(createPage.mock.calls.map(([page]) => page.component))
    expect(templates.size).toBe(1)
    expect([...templates][0]).toMatch(/src[\\/]templates[\\/]solution\.tsx$/)
    expect(createPage.mock.calls[0][0].context).toEqual({ id: "id-waste-to-electricity-en", locale: "en", basePath: "/waste-to-electricity" })
  })

  it("creates each solution's page in its file's language, under the language's prefix", async () => {
    const { createPage } = await run([node("waste-to-electricity"), node("waste-to-electricity", "hi")])
    expect(createPage.mock.calls.map(([page]) => [page.path, page.context])).toEqual([
      ["/waste-to-electricity", { id: "id-waste-to-electricity-en", locale: "en", basePath: "/waste-to-electricity" }],
      ["/hi/waste-to-electricity", { id: "id-waste-to-electricity-hi", locale: "hi", basePath: "/waste-to-electricity" }],
    ])
  })

  it("creates the pages the forms end on from content/forms, one template", async () => {
    const { notices, panicOnBuild } = await run([node("waste-to-a")])
    expect(panicOnBuild).not.toHaveBeenCalled()
    expect(notices.map((page) => [page.path, page.context.noticeId])).toEqual([
      ...NOTICES.map((notice) => [notice.path, notice.id]),
      ...NOTICES.map((notice) => [`/hi${notice.path}`, notice.id]),
    ])
  })
})

describe("onCreatePage", () => {
  const run = (page: { path: string; component: string; context: object }) => {
    const createPage = jest.fn()
    const deletePage = jest.fn()
    ;(onCreatePage as (args: unknown) => void)({ page, actions: { createPage, deletePage } })
    return { created: createPage.mock.calls.map(([created]) => created), deleted: deletePage.mock.calls.map(([deleted]) => deleted) }
  }

  it("makes a page of src/pages a page in every language, with its language and address in the context", () => {
    const page = { path: "/contact", component: "/site/src/pages/contact.tsx", context: {} }
    const { created, deleted } = run(page)
    expect(deleted).toEqual([page])
    expect(created).toEqual([
      { path: "/contact", component: page.component, context: { locale: "en", basePath: "/contact" } },
      ...TRANSLATED.map(({ code }) => ({ path: `/${code}/contact`, component: page.component, context: { locale: code, basePath: "/contact" } })),
    ])
    expect(run({ path: "/", component: "/site/src/pages/index.tsx", context: {} }).created.map((home) => home.path)).toEqual([
      "/",
      ...TRANSLATED.map(({ code }) => `/${code}`),
    ])
    // the not-found page: /404 and /404.html in English, /hi/404.html in Hindi (what the servers answer a missing /hi/… page with)
    const notFound = "/site/src/pages/404.tsx"
    const made = [run({ path: "/404", component: notFound, context: {} }), run({ path: "/404.html", component: notFound, context: {} })]
    expect(made.flatMap(({ created }) => created.map((page) => page.path))).toEqual(["/404", "/404.html", ...TRANSLATED.map(({ code }) => `/${code}/404.html`)])
  })

  it("leaves a page that has its language alone (the ones it made, and createPages')", () => {
    expect(run({ path: "/hi/contact", component: "/site/src/pages/contact.tsx", context: { locale: "hi", basePath: "/contact" } })).toEqual({
      created: [],
      deleted: [],
    })
  })
})

describe("createSchemaCustomization", () => {
  it("declares every content type explicitly, without inference", () => {
    const createTypes = jest.fn()
    ;(createSchemaCustomization as (args: unknown) => void)({ actions: { createTypes, createFieldExtension: jest.fn() } })
    const sdl: string = createTypes.mock.calls[0][0]
    const types = [
      "SiteJson",
      "CompanyJson",
      "HeroJson",
      "AboutJson",
      "OverviewJson",
      "ServicesJson",
      "WhyChooseUsJson",
      "CallToActionJson",
      "RecycleJson",
      "GalleryJson",
      "ProductsJson",
      "FormsJson",
      "ContactJson",
      "SolutionsJson",
      "NotFoundJson",
    ]
    for (const type of types) {
      expect(sdl).toContain(`type ${type} implements Node @dontInfer`)
    }
  })
})

describe("a content node's language", () => {
  // The files' nodes as Gatsby holds them: a JSON node whose parent is its File. The JSON nodes carry no
  // fields, as one kept from a cache a stopped `gatsby develop` left may not (the CMS test's build once failed on that)
  const files: Record<string, { base: string }> = {
    "file-en": { base: "waste-to-charcoal.en.json" },
    "file-hi": { base: "waste-to-charcoal.hi.json" },
  }
  const context = { nodeModel: { getNodeById: ({ id }: { id: string }) => files[id] ?? null } }
  type Resolve = (source: object, args: object, context: object) => unknown

  function extension(): Resolve {
    const createFieldExtension = jest.fn()
    ;(createSchemaCustomization as (args: unknown) => void)({ actions: { createTypes: jest.fn(), createFieldExtension } })
    const [{ name, extend }] = createFieldExtension.mock.calls[0]
    expect(name).toBe("languageOfFile")
    return extend({}, {}).resolve
  }

  it("is read from its file's name whenever it is asked, on every content type", () => {
    const createTypes = jest.fn()
    ;(createSchemaCustomization as (args: unknown) => void)({ actions: { createTypes, createFieldExtension: jest.fn() } })
    const sdl = createTypes.mock.calls.map(([types]) => types).join("\n")
    expect(sdl).toMatch(/type SolutionsJson implements Node @dontInfer \{[^}]*locale: String! @languageOfFile/)
    const resolve = extension()
    expect(resolve({ id: "charcoal-en", parent: "file-en" }, {}, context)).toBe("en")
    expect(resolve({ id: "charcoal-hi", parent: "file-hi" }, {}, context)).toBe("hi")
  })

  it("is an error naming the node when it has no file, never a guess", () => {
    expect(() => extension()({ id: "orphan", parent: "gone" }, {}, context)).toThrow(/orphan has no file in content/)
  })

  it("gives a solution its address in that language", () => {
    const resolvers = jest.fn()
    ;(createResolvers as (args: unknown) => void)({ createResolvers: resolvers, reporter: { warn: jest.fn() } })
    const { resolve } = resolvers.mock.calls[0][0].SolutionsJson.path
    expect(resolve({ id: "charcoal-en", parent: "file-en", slug: "waste-to-charcoal" }, {}, context)).toBe("/waste-to-charcoal")
    expect(resolve({ id: "charcoal-hi", parent: "file-hi", slug: "waste-to-charcoal" }, {}, context)).toBe("/hi/waste-to-charcoal")
  })
})
