import { createPages, createSchemaCustomization } from "../../gatsby-node"

type Node = { id: string; slug: string }

const NOTICES = [
  { id: "contact-sent", path: "/thank-you" },
  { id: "subscribe-pending", path: "/subscribe/check-your-inbox" },
  { id: "subscribe-confirmed", path: "/subscribe/confirmed" },
  { id: "unsubscribed", path: "/subscribe/unsubscribed" },
]

async function run(nodes: Node[], pages = NOTICES) {
  const created = jest.fn()
  const panicOnBuild = jest.fn()
  const graphql = jest.fn().mockResolvedValue({ data: { formsJson: { pages }, allSolutionsJson: { nodes } } })
  await (createPages as (args: unknown) => Promise<void>)({ graphql, actions: { createPage: created }, reporter: { panicOnBuild } })
  // The solution pages, apart from the forms' notice pages
  const createPage = { mock: { calls: created.mock.calls.filter(([page]) => /solution\.tsx$/.test(page.component)) } }
  const notices = created.mock.calls.filter(([page]) => /notice\.tsx$/.test(page.component)).map(([page]) => page)
  return { createPage, panicOnBuild, notices }
}

const node = (slug: string): Node => ({ id: `id-${slug}`, slug })

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
    expect(createPage.mock.calls[0][0].context).toEqual({ id: "id-waste-to-electricity" })
  })

  it("creates the pages the forms end on from content/forms, one template", async () => {
    const { notices, panicOnBuild } = await run([node("waste-to-a")])
    expect(panicOnBuild).not.toHaveBeenCalled()
    expect(notices.map((page) => [page.path, page.context.noticeId])).toEqual(NOTICES.map((notice) => [notice.path, notice.id]))
  })
})

describe("createSchemaCustomization", () => {
  it("declares every content type explicitly, without inference", () => {
    const createTypes = jest.fn()
    ;(createSchemaCustomization as (args: unknown) => void)({ actions: { createTypes } })
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
