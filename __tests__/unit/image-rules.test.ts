/**
 * The widths the pages ask sharp for (the fragments' gatsbyImageData and
 * resize arguments) held against the @file rules of the content model: every
 * picture the site processes has a minimum width the validation enforces, no
 * larger than what the page uses, and the rule's message names that width.
 */
import fs from "fs"
import path from "path"
import { buildSchema, isObjectType, parse, TypeInfo, visit, visitWithTypeInfo, type ArgumentNode, type ValueNode } from "graphql"
import { contentSchema, dropInRule, fileRule, modelSdl, type FileRule } from "../../src/content/schema"

const SRC = path.resolve(__dirname, "../../src")

/** Every graphql`…` document in the site's code */
function documents(dir: string): { file: string; text: string }[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return documents(full)
    if (!/\.tsx?$/.test(entry.name) || entry.name.endsWith(".d.ts")) return []
    const source = fs.readFileSync(full, "utf8")
    return [...source.matchAll(/graphql`([^`]*)`/g)].map((match) => ({ file: path.relative(SRC, full), text: match[1]! }))
  })
}

// The model, with what Gatsby's sharp plugins add to File (only what the fragments select) and the gallery's resolved pictures (gatsby-node's createResolvers)
const schema = buildSchema(
  fs.readFileSync(path.join(SRC, "content/directives.graphql"), "utf8") +
    modelSdl +
    `scalar JSON
     type ImageSharpResize { src: String }
     type ImageSharp { gatsbyImageData: JSON, resize: ImageSharpResize }
     extend type File { childImageSharp: ImageSharp, publicURL: String, inlineSvg: JSON }
     extend type GalleryJson { pictures: [GalleryPicture!]! }
     type Query { site: SiteJson }`,
)

const intValues = (value: ValueNode | undefined): number[] =>
  !value ? [] : value.kind === "IntValue" ? [Number(value.value)] : value.kind === "ListValue" ? value.values.flatMap(intValues) : []
const argument = (args: readonly ArgumentNode[] | undefined, name: string) => args?.find((arg) => arg.name.value === name)?.value

/** The largest width in px each processed picture field (Type.field) is asked for */
function requestedWidths(): Map<string, number> {
  const widths = new Map<string, number>()
  for (const { text } of documents(SRC)) {
    const info = new TypeInfo(schema)
    const fileFields: string[] = []
    visit(
      parse(text),
      visitWithTypeInfo(info, {
        Field: {
          enter(node) {
            const parent = info.getParentType()
            if (
              info
                .getType()
                ?.toString()
                .replace(/[![\]]/g, "") === "File" &&
              parent
            )
              fileFields.push(`${parent.name}.${node.name.value}`)
            const width =
              node.name.value === "gatsbyImageData"
                ? Math.max(...intValues(argument(node.arguments, "width")), ...intValues(argument(node.arguments, "breakpoints")))
                : node.name.value === "resize"
                  ? Math.max(...intValues(argument(node.arguments, "width")))
                  : undefined
            if (width !== undefined) widths.set(fileFields[fileFields.length - 1]!, width)
          },
          leave() {
            if (
              info
                .getType()
                ?.toString()
                .replace(/[![\]]/g, "") === "File"
            )
              fileFields.pop()
          },
        },
      }),
    )
  }
  return widths
}

/** A resolved gallery picture comes from the folder, so the folder's @dropIn rule is its rule */
const ruleFor = (field: string): FileRule | undefined => fileRule(field) ?? (field === "GalleryPicture.image" ? dropInRule("GalleryJson") : undefined)

const widths = requestedWidths()

it("finds every processed picture of the pages", () => {
  expect([...widths.keys()].sort()).toEqual(
    expect.arrayContaining(["AboutJson.image", "GalleryPicture.image", "HeroSlide.poster", "Product.image", "ServiceCard.image", "SiteShare.image"]),
  )
  expect(widths.size).toBeGreaterThanOrEqual(10)
})

it.each([...widths])("%s: the validation demands a width no larger than the %i px the page asks for, and its message says that width", (field, width) => {
  const rule = ruleFor(field)
  expect(rule?.minWidth).toBeGreaterThan(0)
  expect(rule!.minWidth!).toBeLessThanOrEqual(width)
  expect(
    Math.max(
      ...(rule!.shownAt ?? "")
        .replace(/(\d),(\d)/g, "$1$2")
        .match(/\d+/g)!
        .map(Number),
    ),
  ).toBe(width)
})

it("gives every file field of the model a rule, and the gallery's folder the pictures' formats", () => {
  const withoutRule = Object.values(contentSchema().getTypeMap())
    .flatMap((type) => (isObjectType(type) && !type.name.startsWith("__") ? Object.values(type.getFields()).map((field) => ({ type, field })) : []))
    .filter(({ field }) => field.astNode?.directives?.some((directive) => directive.name.value === "fileByRelativePath"))
    .filter(({ type, field }) => !fileRule(`${type.name}.${field.name}`))
  expect(withoutRule.map(({ type, field }) => `${type.name}.${field.name}`)).toEqual([])
  expect(dropInRule("GalleryJson")?.formats).toEqual(["jpg", "jpeg", "png", "webp", "avif"])
  expect(fileRule("CompanyJson.logo")).toEqual({ formats: ["svg"], folder: "" })
})
