import { createPages, createSchemaCustomization } from "../../gatsby-node"

type Node = { id: string; slug: string; parent: { relativePath: string } }

async function run(nodes: Node[]) {
  const createPage = jest.fn()
  const panicOnBuild = jest.fn()
  const graphql = jest.fn().mockResolvedValue({ data: { allSolutionsJson: { nodes } } })
  await (createPages as (args: unknown) => Promise<void>)({ graphql, actions: { createPage }, reporter: { panicOnBuild } })
  return { createPage, panicOnBuild }
}

const node = (slug: string, file = `solutions/${slug}.json`): Node => ({ id: `id-${slug}`, slug, parent: { relativePath: file } })

describe("createPages", () => {
  it("creates one page per solution from the one template, keyed by slug", async () => {
    const { createPage, panicOnBuild } = await run([node("waste-to-electricity"), node("waste-to-charcoal"), node("waste-to-biochar"), node("waste-to-hydrogen")])
    expect(panicOnBuild).not.toHaveBeenCalled()
    expect(createPage.mock.calls.map(([page]) => page.path)).toEqual([
      "/waste-to-electricity",
      "/waste-to-charcoal",
      "/waste-to-biochar",
      "/waste-to-hydrogen",
    ])
    const templates = new Set(createPage.mock.calls.map(([page]) => page.component))
    expect(templates.size).toBe(1)
    expect([...templates][0]).toMatch(/src[\\/]templates[\\/]solution\.tsx$/)
    expect(createPage.mock.calls[0][0].context).toEqual({ id: "id-waste-to-electricity" })
  })

  it("stops the build on a duplicate slug, naming both files", async () => {
    const { createPage, panicOnBuild } = await run([node("waste-to-a", "solutions/one.json"), node("waste-to-a", "solutions/two.json")])
    expect(createPage).toHaveBeenCalledTimes(1)
    expect(panicOnBuild).toHaveBeenCalledWith(expect.stringContaining('content/solutions/two.json: field "slug" is "waste-to-a", which content/solutions/one.json already uses'))
  })

  it("stops the build on a slug that is not a clean path segment", async () => {
    const { createPage, panicOnBuild } = await run([node("Waste To A/")])
    expect(createPage).not.toHaveBeenCalled()
    expect(panicOnBuild).toHaveBeenCalledWith(expect.stringContaining('field "slug" is "Waste To A/"'))
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
      "ContactJson",
      "SolutionsJson",
      "NotFoundJson",
    ]
    for (const type of types) {
      expect(sdl).toContain(`type ${type} implements Node @dontInfer`)
    }
  })
})
