/**
 * The content model: one SDL file per content type in src/content/model/,
 * named after its folder of content/ (content/products/ → products.graphql,
 * whose ProductsJson is the type of content/products/*.json), plus
 * shared.graphql for types several use. The schema is declared, not
 * inferred, so GraphiQL shows editors and developers exactly which fields
 * exist and which are required (`!`). File fields name a file relative to
 * the JSON file; their @file directive says which formats and widths fit.
 *
 * The same SDL drives Gatsby's GraphQL types (typeDefs), the content
 * validation (contentSchema), the gallery's drop-in pictures (fileRule) and
 * the editors' CMS at /admin (src/cms/cms-config.ts).
 */
import fs from "node:fs"
import path from "node:path"
import { buildSchema, getDirectiveValues, isObjectType, type GraphQLSchema } from "graphql"

/** Beside this file; from the project's root where Gatsby runs it compiled into .cache/ */
const HERE = [__dirname, path.resolve("src/content")].find((dir) => fs.existsSync(path.join(dir, "model")))
if (!HERE) throw new Error("src/content/model/ is missing: the content model cannot be read.")

const read = (file: string) => fs.readFileSync(path.join(HERE, file), "utf8")

/** The model's files, shared.graphql first, then by name */
export const MODEL_FILES = fs
  .readdirSync(path.join(HERE, "model"))
  .filter((name) => name.endsWith(".graphql"))
  .sort((a, b) => Number(b === "shared.graphql") - Number(a === "shared.graphql") || a.localeCompare(b))

/** The whole model's SDL, with the site's own directives */
export const modelSdl = MODEL_FILES.map((name) => read(`model/${name}`)).join("\n")

/** A directive's use in SDL, with arguments that may hold quoted parentheses */
const usage = (name: string) => new RegExp(`\\s@${name}\\((?:[^()"]|"[^"]*")*\\)`, "g")

/** The site's own directives (directives.graphql): the validation's, the translation check's and the CMS's, not Gatsby's */
export const SITE_DIRECTIVES = ["file", "dropIn", "entryPerFile", "multiline", "ordered", "shared"]

/** The SDL Gatsby gets: the site's own directives taken out */
export const typeDefs = SITE_DIRECTIVES.reduce(
  (sdl, name) => sdl.replace(usage(name), "").replace(new RegExp(`\\s@${name}\\b(?!\\()`, "g"), ""),
  modelSdl,
)

/**
 * The language of each content node (@languageOfFile, gatsby-node: from the
 * file's name, about.hi.json is "hi"), on every type of a content folder: pages
 * query their own language's node, aboutJson(locale: { eq: $locale }).
 */
export const localeTypeDefs = [...typeDefs.matchAll(/^type (\w+Json) implements Node\b/gm)]
  .map(
    ([, name]) =>
      `type ${name} implements Node @dontInfer {\n  "The language of the file (about.hi.json: hi), src/lib/languages.ts"\n  locale: String! @languageOfFile\n}`,
  )
  .join("\n")

let schema: GraphQLSchema | undefined

/** A model's SDL as a graphql-js schema, with Gatsby's directives and the File node stubbed (directives.graphql) */
export function buildContentSchema(sdl: string): GraphQLSchema {
  return buildSchema(read("directives.graphql") + sdl)
}

/** The model as a graphql-js schema */
export function contentSchema(): GraphQLSchema {
  schema ??= buildContentSchema(modelSdl)
  return schema
}

export interface FileRule {
  /** Accepted file extensions, lower case, without the dot */
  formats: string[]
  /** Narrowest acceptable picture in px */
  minWidth?: number
  /** Where it is shown, for the message */
  shownAt?: string
  /** Where the CMS puts an upload, relative to the JSON file ("" beside it) */
  folder: string
}

/** The @file rule of `Type.field`; undefined for a field without one. */
export function fileRule(typeAndField: string, model: GraphQLSchema = contentSchema()): FileRule | undefined {
  const [typeName, fieldName] = typeAndField.split(".")
  const type = model.getType(typeName ?? "")
  const field = isObjectType(type) ? type.getFields()[fieldName ?? ""] : undefined
  const directive = model.getDirective("file")
  if (!field?.astNode || !directive) return undefined
  return getDirectiveValues(directive, field.astNode) as FileRule | undefined
}

/** The field (Type.field) whose files editors drop into a type's folder (@dropIn); undefined for other types. */
function dropInOf(typeName: string): string | undefined {
  const type = contentSchema().getType(typeName)
  const directive = contentSchema().getDirective("dropIn")
  if (!type?.astNode || !directive) return undefined
  return (getDirectiveValues(directive, type.astNode) as { of: string } | undefined)?.of
}

/** The file rule for the pictures editors drop into a type's folder (@dropIn); undefined for other types. */
export function dropInRule(typeName: string): FileRule | undefined {
  const of = dropInOf(typeName)
  return of ? fileRule(of) : undefined
}

/** The name of the JSON field that names a dropped picture in an entry ("image" for GalleryItem.image) */
export function dropInField(typeName: string): string | undefined {
  return dropInOf(typeName)?.split(".")[1]
}
