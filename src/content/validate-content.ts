/**
 * Checks every JSON file in content/ against the declared content model
 * before Gatsby builds, so an editor's mistake stops the build with one line
 * per problem naming the file, the field and what to do, instead of a
 * GraphQL error about a non-nullable field.
 */
import fs from "fs"
import os from "os"
import path from "path"
import {
  getDirectiveValues,
  getNullableType,
  isEnumType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLType,
} from "graphql"
import { NOTICE_IDS } from "../lib/forms/notices"
import { DECODED_EXTENSIONS, inTurn, readPicture, UNREADABLE } from "../images/decode"
import { fileKey } from "../images/file-key"
import { PAGE_PATH, RESERVED_SEGMENTS, SLUG } from "./routes"
import { checkEstimate, checkQuotesFit } from "./estimate-check"
import { readableName } from "./gallery"
import { contentSchema, dropInField, dropInRule, fileRule, type FileRule } from "./schema"
import type { ContentReport } from "./content-report"
import { checkFolderTranslations, languageOf, unnamedFiles } from "./translations"
import { DEFAULT_LANGUAGE, LANGUAGES } from "../lib/languages"

const schema = contentSchema()

/** The node type gatsby-transformer-json gives a one-object file: its folder's name + "Json". */
export function typeNameForFolder(folder: string): string {
  const camel = folder.replace(/[-_\s]+(.)?/g, (_, letter: string | undefined) => (letter ? letter.toUpperCase() : ""))
  return `${camel.charAt(0).toUpperCase()}${camel.slice(1)}Json`
}

const describe = (type: GraphQLType): string => {
  const base = getNullableType(type)
  if (isListType(base)) return "a list"
  if (isObjectType(base)) return "an object"
  if (isScalarType(base)) return { String: "text", Int: "a whole number", Float: "a number", Boolean: "true or false" }[base.name] ?? base.name
  return String(base)
}

const isFileField = (field: GraphQLField<unknown, unknown>) =>
  Boolean(field.astNode?.directives?.some((directive) => directive.name.value === "fileByRelativePath"))

export type { ContentReport } from "./content-report"

interface Context {
  file: string
  dir: string
  report: ContentReport
  /** Each picture's check, run after the JSON's: its error, if any */
  images: PictureCheck[]
  pictures: Pictures
  /** A translation: its files are the English file's (shared, held to it by the translation check), checked there once */
  translation?: boolean
}

type PictureCheck = () => Promise<string | undefined>

type PictureRead = Awaited<ReturnType<typeof readPicture>>

/**
 * Each picture read whole once per check, though a gallery picture is both
 * dropped in and named by gallery.json; and, when given a file to keep them
 * in, the widths of those read whole before, by path, size, inode and times
 * (fileKey: a write that keeps size and modification time still changes the
 * key), so a rebuild decodes only new or changed pictures (a camera photo
 * takes 60 ms).
 */
class Pictures {
  private readonly reading = new Map<string, Promise<PictureRead>>()
  private readonly good: Record<string, number> = {}
  private known: Record<string, number> = {}

  constructor(private readonly keptIn?: string) {}

  async load(): Promise<void> {
    if (!this.keptIn) return
    try {
      this.known = JSON.parse(await fs.promises.readFile(this.keptIn, "utf8")) as Record<string, number>
    } catch {
      this.known = {}
    }
  }

  read(file: string): Promise<PictureRead> {
    let reading = this.reading.get(file)
    if (!reading) {
      reading = this.readOnce(file)
      this.reading.set(file, reading)
    }
    return reading
  }

  private async readOnce(file: string): Promise<PictureRead> {
    const stat = await fs.promises.stat(file)
    const key = fileKey(file, stat)
    const width = this.known[key]
    const read = typeof width === "number" ? { width } : await readPicture(file)
    if (!("problem" in read)) this.good[key] = read.width
    return read
  }

  /** Keeps the pictures read whole in this check only: a picture changed or gone is forgotten */
  async save(): Promise<void> {
    if (!this.keptIn) return
    await fs.promises.mkdir(path.dirname(this.keptIn), { recursive: true })
    await fs.promises.writeFile(this.keptIn, JSON.stringify(this.good))
  }
}

/** Phones' photo formats that the image library here cannot decode (its libheif reads AVIF, not HEVC) */
const HEIF = [".heic", ".heif"]

const extensions = (rule: FileRule) => rule.formats.map((format) => `.${format}`).join(", ")

function checkFile(context: Context, where: string, value: unknown, rule: FileRule | undefined, field: string): void {
  if (typeof value !== "string" || value.trim() === "") {
    context.report.errors.push(`${context.file}: ${where} should name a file next to it, e.g. "${field}.jpg".`)
    return
  }
  const absolute = path.resolve(context.dir, value)
  const folder = path.relative(process.cwd(), path.dirname(absolute)) || "."
  if (!fs.existsSync(absolute) || !fs.statSync(absolute).isFile()) {
    context.report.errors.push(`${context.file}: ${where} is "${value}", but there is no such file in ${folder}/. Add the file there or correct the name.`)
    return
  }
  const extension = path.extname(value).toLowerCase()
  if (rule && HEIF.includes(extension)) {
    context.report.errors.push(
      `${context.file}: ${where} is "${value}", a HEIC/HEIF picture (an iPhone's photo format), which the build cannot read; export it as JPEG (on the iPhone: share it with Options › Most Compatible, or set Settings › Camera › Formats to Most Compatible) and use the .jpg.`,
    )
    return
  }
  if (rule && !rule.formats.includes(extension.slice(1))) {
    context.report.errors.push(
      `${context.file}: ${where} is "${value}", a ${extension || "file without extension"}; use ${extensions(rule)} here.`,
    )
    return
  }
  if (rule && DECODED_EXTENSIONS.includes(extension.slice(1))) {
    // decoded to the end, as the build will: a picture cut off halfway has a whole header
    context.images.push(async () => {
      const read = await context.pictures.read(absolute)
      if ("problem" in read) {
        const todo = read.problem === UNREADABLE ? `${read.todo} as ${extensions(rule)}` : read.todo
        return `${context.file}: ${where} "${value}" ${read.problem}; ${todo}.`
      }
      if (rule.minWidth && read.width < rule.minWidth) {
        return `${context.file}: ${where} "${value}" is ${read.width} px wide, far too small for where it is shown (${rule.shownAt}); use a picture at least ${rule.minWidth} px wide.`
      }
      return undefined
    })
  }
}

function checkValue(context: Context, where: string, value: unknown, type: GraphQLType, owner: string, field: string, fileField: boolean): void {
  if (value === undefined || value === null) {
    if (isNonNullType(type)) context.report.errors.push(`${context.file}: ${where} is missing; it is required (${describe(type)}). Add "${field}".`)
    return
  }
  const base = getNullableType(type)
  if (fileField) {
    if (!context.translation) checkFile(context, where, value, fileRule(`${owner}.${field}`), field)
    return
  }
  if (isListType(base)) {
    if (!Array.isArray(value)) {
      context.report.errors.push(`${context.file}: ${where} should be a list [ … ], not ${JSON.stringify(value).slice(0, 40)}.`)
      return
    }
    value.forEach((item, index) => checkValue(context, `${where}[${index}]`, item, base.ofType, owner, field, false))
    return
  }
  if (isObjectType(base)) {
    checkObject(context, where, value, base)
    return
  }
  if (isScalarType(base) || isEnumType(base)) {
    const ok =
      base.name === "String"
        ? typeof value === "string"
        : base.name === "Int"
          ? Number.isInteger(value)
          : base.name === "Float"
            ? typeof value === "number" && Number.isFinite(value)
            : base.name === "Boolean"
              ? typeof value === "boolean"
              : true
    if (!ok) context.report.errors.push(`${context.file}: ${where} is ${JSON.stringify(value)}; it should be ${describe(base)}.`)
  }
}

/** @ordered: the named number fields of an object never decrease in the order given (low ≤ typical ≤ high) */
function checkOrder(context: Context, where: string, value: Record<string, unknown>, type: GraphQLObjectType): void {
  const directive = schema.getDirective("ordered")
  const rule = directive && type.astNode ? (getDirectiveValues(directive, type.astNode) as { fields: string[] } | undefined) : undefined
  if (!rule) return
  const numbers = rule.fields.map((name) => [name, value[name]] as const).filter((pair): pair is readonly [string, number] => typeof pair[1] === "number")
  for (let i = 1; i < numbers.length; i += 1) {
    const [before, low] = numbers[i - 1]!
    const [after, high] = numbers[i]!
    if (low > high) {
      const name = typeof value.id === "string" ? ` ("${value.id}")` : ""
      context.report.errors.push(`${context.file}: ${where}${name} has "${before}": ${low} above "${after}": ${high}. Put the values in order: ${rule.fields.join(" ≤ ")}.`)
    }
  }
}

function checkObject(context: Context, where: string, value: unknown, type: GraphQLObjectType): void {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    context.report.errors.push(`${context.file}: ${where || "the file"} should be an object { … }.`)
    return
  }
  const fields = type.getFields()
  for (const [name, field] of Object.entries(fields)) {
    if (name === "id" && type.getInterfaces().some((i) => i.name === "Node")) continue
    checkValue(context, where ? `${where}.${name}` : name, (value as Record<string, unknown>)[name], field.type, type.name, name, isFileField(field))
  }
  checkOrder(context, where, value as Record<string, unknown>, type)
  for (const key of Object.keys(value)) {
    if (!(key in fields)) {
      context.report.warnings.push(`${context.file}: ${where ? `${where}.` : ""}"${key}" is not a field of ${type.name} and is ignored (a typo?).`)
    }
  }
}

function parse(file: string, text: string, report: ContentReport): unknown {
  try {
    return JSON.parse(text)
  } catch (error) {
    const message = (error as Error).message
    const position = Number(/position (\d+)/.exec(message)?.[1] ?? NaN)
    let where = ""
    if (Number.isFinite(position)) {
      const before = text.slice(0, position).split("\n")
      where = ` at line ${before.length}, column ${(before[before.length - 1]?.length ?? 0) + 1}`
    }
    const reason = message.replace(/ in JSON at position \d+.*$/, "").replace(/^Unexpected/, "unexpected")
    report.errors.push(`${file}: is not valid JSON${where} (${reason}). Check for a missing comma, quote or bracket there.`)
    return undefined
  }
}

/** Every value of the field called key anywhere in a JSON value */
function valuesOf(data: unknown, key: string): unknown[] {
  if (Array.isArray(data)) return data.flatMap((item) => valuesOf(item, key))
  if (typeof data !== "object" || data === null) return []
  return Object.entries(data).flatMap(([name, value]) => (name === key ? [value] : valuesOf(value, key)))
}

/**
 * A folder whose pictures are content with no JSON entry naming them
 * (@dropIn): each must fit the rule, and each that no entry describes is
 * listed (a warning): its alt text is then made from its file name, which
 * tells a screen reader little ("IMG 1234").
 */
function checkDroppedFiles(typeName: string, dir: string, report: ContentReport, images: PictureCheck[], pictures: Pictures): void {
  const rule = dropInRule(typeName)
  const field = dropInField(typeName)
  if (!rule || !field) return
  const json = fs.readdirSync(dir).filter((name) => name.endsWith(".json") && languageOf(name) === DEFAULT_LANGUAGE.code)
  const described = new Set(
    json.flatMap((name) => {
      try {
        return valuesOf(JSON.parse(fs.readFileSync(path.join(dir, name), "utf8")), field)
      } catch {
        return [] // reported where the file is checked
      }
    }),
  )
  for (const name of fs.readdirSync(dir).sort()) {
    if (name.endsWith(".json") || name.endsWith(".md") || name.startsWith(".")) continue
    const file = path.relative(process.cwd(), path.join(dir, name))
    const context: Context = { file, dir, report, images, pictures }
    const errors = report.errors.length
    checkFile(context, "this picture", name, rule, "picture")
    if (report.errors.length === errors && !described.has(name)) {
      report.warnings.push(
        `${file}: no entry in ${json[0] ?? "the folder's JSON file"} describes this picture, so its alt text is made from its file name ("${readableName(path.parse(name).name)}"), which tells a screen reader little. Add an entry with "${field}": "${name}", an "alt" saying what it shows and a "title" (or fill them in the CMS).`,
      )
    }
  }
}

/** A solution's slug becomes its page's address: a clean path segment, used by one solution only. */
function checkSlug(file: string, data: unknown, slugs: Map<string, string>, report: ContentReport): void {
  const slug = (data as { slug?: unknown } | null)?.slug
  if (typeof slug !== "string") return
  if (!SLUG.test(slug)) {
    report.errors.push(`${file}: "slug" is "${slug}". Use lower-case letters, digits and single hyphens, e.g. "waste-to-electricity" (it becomes the page's address).`)
    return
  }
  if (RESERVED_SEGMENTS.includes(slug)) {
    report.errors.push(`${file}: "slug" is "${slug}", an address the site uses for something else (${RESERVED_SEGMENTS.map((name) => `/${name}`).join(", ")}). Choose another slug.`)
    return
  }
  const other = slugs.get(slug)
  if (other) report.errors.push(`${file}: "slug" is "${slug}", which ${other} already uses. Give each solution its own slug (it becomes the page's address).`)
  else slugs.set(slug, file)
}

/** The forms end on these pages: each outcome needs one, at a clean path. */
function checkNoticePages(file: string, data: unknown, report: ContentReport): void {
  const team = (data as { teamLanguage?: unknown } | null)?.teamLanguage
  if (typeof team === "string" && !LANGUAGES.some((language) => language.code === team))
    report.errors.push(
      `${file}: "teamLanguage" is "${team}", not one of the site's languages (${LANGUAGES.map((language) => language.code).join(", ")}). Give the code of the language the team reads its e-mails in.`,
    )
  const pages = (data as { pages?: unknown } | null)?.pages
  if (!Array.isArray(pages)) return
  for (const id of NOTICE_IDS) {
    const page = pages.find((entry: { id?: unknown } | null) => entry?.id === id) as { path?: unknown } | undefined
    if (!page) report.errors.push(`${file}: "pages" has no entry with "id": "${id}". Add one (id, path, title, text, link); the forms end on it.`)
    else if (typeof page.path === "string" && !PAGE_PATH.test(page.path))
      report.errors.push(`${file}: page "${id}" has "path": "${page.path}". Use a path like "/thank-you": a leading slash, lower-case words and hyphens.`)
  }
}

/**
 * Checks every content/<folder>/*.json; resolves when every picture has been
 * decoded too. `picturesRead`: a file where the pictures found whole are
 * remembered from one check to the next (the build's is in .cache/).
 */
export async function validateContent(contentDir: string, picturesRead?: string): Promise<ContentReport> {
  const report: ContentReport = { errors: [], warnings: [] }
  const images: PictureCheck[] = []
  const pictures = new Pictures(picturesRead)
  await pictures.load()
  const slugs = new Map<string, string>()
  const folders = fs.readdirSync(contentDir, { withFileTypes: true }).filter((entry) => entry.isDirectory())
  for (const folder of folders.sort((a, b) => a.name.localeCompare(b.name))) {
    const dir = path.join(contentDir, folder.name)
    const typeName = typeNameForFolder(folder.name)
    const type = schema.getType(typeName)
    checkDroppedFiles(typeName, dir, report, images, pictures)
    for (const name of unnamedFiles(dir)) {
      const suggested = name.replace(/\.json$/, `.${DEFAULT_LANGUAGE.code}.json`)
      report.errors.push(
        `${path.relative(process.cwd(), path.join(dir, name))}: the name says no language. Name each content file <name>.<language>.json (${suggested} for ${DEFAULT_LANGUAGE.name}; languages: ${LANGUAGES.map((language) => language.code).join(", ")}).`,
      )
    }
    const before = report.errors.length
    for (const name of fs.readdirSync(dir).filter((entry) => entry.endsWith(".json") && languageOf(entry) !== undefined).sort()) {
      const absolute = path.join(dir, name)
      const file = path.relative(process.cwd(), absolute)
      if (!type || !isObjectType(type)) {
        report.errors.push(`${file}: content/${folder.name}/ holds no content type (${typeName} is not declared); move the file into one of the content folders.`)
        continue
      }
      const data = parse(file, fs.readFileSync(absolute, "utf8"), report)
      if (data === undefined) continue
      const errorsBefore = report.errors.length
      checkObject({ file, dir, report, images, pictures, translation: languageOf(name) !== DEFAULT_LANGUAGE.code }, "", data, type)
      // every language's words go into quotes: each file's must fit them
      if (typeName === "EstimateJson" && report.errors.length === errorsBefore) checkQuotesFit(file, data, languageOf(name)!, report.errors)
      // slugs, paths and factors are shared (the translation check holds each language to the English)
      if (languageOf(name) !== DEFAULT_LANGUAGE.code) continue
      if (typeName === "SolutionsJson") checkSlug(file, data, slugs, report)
      if (typeName === "FormsJson") checkNoticePages(file, data, report)
      if (typeName === "EstimateJson") checkEstimate(file, data, contentDir, report.errors)
    }
    // translations are held to an English file that is itself right: a mistake there is named once, in the English file
    if (type && isObjectType(type) && report.errors.length === before) checkFolderTranslations(dir, type, report)
  }
  // every picture decoded, two at a time (a camera photo holds about 72 MB while it is), errors in the files' order
  for (const error of await inTurn(images, Math.min(2, os.availableParallelism()))) if (error) report.errors.push(error)
  await pictures.save()
  return report
}
