/**
 * The translations of content/: beside each content file <name>.en.json (the
 * default language, English) is its translation <name>.<code>.json for
 * every other language of src/lib/languages.ts, with the same fields. A
 * field is either translated or shared: numbers, true/false, file fields
 * and the text fields marked @shared in the model (links, ids, names, codes)
 * are one value for every language, so a translator cannot change a figure;
 * every other text is the translation's own, and must be there.
 *
 * Each problem is one line naming the file, the field and what to do, as
 * the content validation reports (validate-content.ts), which runs these
 * checks before every build: a Hindi page never shows English text.
 */
import fs from "node:fs"
import path from "node:path"
import { isDeepStrictEqual } from "node:util"
import { getNullableType, isListType, isObjectType, isScalarType, type GraphQLField, type GraphQLObjectType, type GraphQLType } from "graphql"
import { DEFAULT_LANGUAGE, LANGUAGES, languageName, TRANSLATED, type Language } from "../lib/languages"
import type { ContentReport } from "./content-report"

/** The language code of a content file's name (<name>.<code>.json); undefined for a name without a known language */
export function languageOf(name: string): string | undefined {
  const code = /\.([^.]+)\.json$/.exec(name)?.[1]
  return LANGUAGES.find((language) => language.code === code)?.code
}

/**
 * The language of a content file's node, read from its file's name when it
 * is asked (about.hi.json: "hi"). Nothing is stored on the node: a node kept
 * from an earlier run's cache (a `gatsby develop` stopped mid-update, then
 * `gatsby build`) has its language as surely as a new one.
 */
export function languageOfNode(node: { id: string; parent?: string | null }, getNode: (id: string) => { base?: string } | null | undefined): string {
  const file = node.parent ? getNode(node.parent) : undefined
  if (!file?.base) throw new Error(`The content node ${node.id} has no file in content/, so its language cannot be told from a file name`)
  return languageOf(file.base) ?? DEFAULT_LANGUAGE.code
}

/** The name of a content file in another language (about.en.json, hi: about.hi.json) */
export function translationName(name: string, code: string): string {
  return name.replace(/\.[^.]+\.json$/, `.${code}.json`)
}

/** The name of the default language's file a file translates (about.hi.json: about.en.json) */
export function englishName(name: string): string {
  return translationName(name, DEFAULT_LANGUAGE.code)
}

const jsonFiles = (dir: string) => fs.readdirSync(dir).filter((name) => name.endsWith(".json")).sort()

/** The translations in a content folder (file names), in name order */
export function translationFiles(dir: string): string[] {
  return jsonFiles(dir).filter((name) => TRANSLATED.some((language) => language.code === languageOf(name)))
}

/** The default language's files in a content folder (file names), in name order */
export function englishFiles(dir: string): string[] {
  return jsonFiles(dir).filter((name) => languageOf(name) === DEFAULT_LANGUAGE.code)
}

/** The JSON files of a content folder whose name says no language of the site: each is an error */
export function unnamedFiles(dir: string): string[] {
  return jsonFiles(dir).filter((name) => languageOf(name) === undefined)
}

/** A content file and its translation into one language, as paths from the working directory */
export interface TranslationPair {
  english: string
  translation: string
  language: Language
}

const relative = (dir: string, name: string) => path.relative(process.cwd(), path.join(dir, name))

/**
 * Each content file of a folder with its translation into each translated
 * language; a translation missing, or one without its English file, is an error.
 */
export function pairTranslations(dir: string, report: ContentReport): TranslationPair[] {
  const english = englishFiles(dir)
  const pairs: TranslationPair[] = []
  for (const name of english) {
    for (const language of TRANSLATED) {
      const translated = translationName(name, language.code)
      if (fs.existsSync(path.join(dir, translated))) pairs.push({ english: relative(dir, name), translation: relative(dir, translated), language })
      else
        report.errors.push(
          `${relative(dir, translated)} is missing: every content file needs its ${language.name} translation beside it. Copy ${name} to ${translated} and translate its text (the fields marked @shared in src/content/model/ stay as they are).`,
        )
    }
  }
  for (const name of translationFiles(dir)) {
    if (!english.includes(englishName(name)))
      report.errors.push(`${relative(dir, name)}: there is no ${englishName(name)} beside it, the file it would translate. Name it after its English file, or delete it.`)
  }
  return pairs
}

interface Walk {
  /** The translation, as the messages name it */
  file: string
  /** The English file's name */
  english: string
  /** The translation's language name ("Hindi") */
  language: string
  report: ContentReport
}

/** A value as a message quotes it: text in quotes, long text cut short */
const quote = (value: unknown): string => {
  const text = JSON.stringify(value) ?? "nothing"
  return text.length > 80 ? `${text.slice(0, 76)}…${text.slice(-1)}` : text
}

const hasDirective = (field: GraphQLField<unknown, unknown>, name: string) => Boolean(field.astNode?.directives?.some((directive) => directive.name.value === name))

/**
 * Shared by every language: a file field, an @shared text, or any scalar but
 * text (a number, true/false). The CMS reads the same rule (src/cms/cms-config.ts:
 * `i18n: duplicate`), so the editor and the build agree on what a translator may change.
 */
export function isShared(field: GraphQLField<unknown, unknown>): boolean {
  if (hasDirective(field, "fileByRelativePath") || hasDirective(field, "shared")) return true
  let base = getNullableType(field.type)
  while (isListType(base)) base = getNullableType(base.ofType)
  return isScalarType(base) && base.name !== "String"
}

const absent = (value: unknown) => value === undefined || value === null

/** The {placeholder}s of a text, which the site replaces with values */
const placeholders = (text: string) => new Set([...text.matchAll(/\{(\w+)\}/g)].map(([whole]) => whole))

function checkText(walk: Walk, where: string, english: string, translated: unknown): void {
  if (typeof translated !== "string" || (translated.trim() === "" && english.trim() !== "")) {
    walk.report.errors.push(`${walk.file}: ${where} has no ${walk.language} text. Translate it (English: ${quote(english)}).`)
    return
  }
  const ours = placeholders(english)
  const theirs = placeholders(translated)
  const missing = [...ours].filter((name) => !theirs.has(name))
  const added = [...theirs].filter((name) => !ours.has(name))
  if (missing.length === 0 && added.length === 0) return
  const problems = [
    ...(missing.length ? [`lacks ${missing.join(", ")}`] : []),
    ...(added.length ? [`has ${added.join(", ")}, which the English has not`] : []),
  ]
  walk.report.errors.push(
    `${walk.file}: ${where} ${problems.join(" and ")}. Keep the English's placeholders as written (${[...ours].join(", ") || "none"}): the site puts a value in each (English: ${quote(english)}).`,
  )
}

function checkValue(walk: Walk, where: string, english: unknown, translated: unknown, type: GraphQLType, shared: boolean): void {
  if (absent(english)) {
    if (!absent(translated)) walk.report.errors.push(`${walk.file}: ${where} is not in ${walk.english}. Take it out, or add it to ${walk.english} first.`)
    return
  }
  if (shared) {
    if (!isDeepStrictEqual(english, translated)) {
      const here = absent(translated) ? "here it is missing" : `here it is ${quote(translated)}`
      walk.report.errors.push(
        `${walk.file}: ${where} is shared by every language (${quote(english)} in ${walk.english}); ${here}. Change it in ${walk.english}, or copy the English value here.`,
      )
    }
    return
  }
  const base = getNullableType(type)
  if (isListType(base)) {
    if (!Array.isArray(english)) return // the content validation reports the English file
    if (!Array.isArray(translated)) {
      walk.report.errors.push(`${walk.file}: ${where} should be a list of ${english.length}, as in ${walk.english}. Add it, translated.`)
      return
    }
    if (translated.length !== english.length) {
      // items compared in turn would all be off by one: one line says it
      walk.report.errors.push(
        `${walk.file}: ${where} has ${translated.length} items, ${walk.english} ${english.length}. Give it one per English item, in the same order.`,
      )
      return
    }
    english.forEach((item, index) => checkValue(walk, `${where}[${index}]`, item, translated[index], base.ofType, false))
    return
  }
  if (isObjectType(base)) {
    checkObject(walk, where, english, translated, base)
    return
  }
  if (typeof english === "string") checkText(walk, where, english, translated)
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value)

function checkObject(walk: Walk, where: string, english: unknown, translated: unknown, type: GraphQLObjectType): void {
  if (!isObject(english)) return // the content validation reports the English file
  if (!isObject(translated)) {
    walk.report.errors.push(`${walk.file}: ${where || "the file"} should be an object { … }, as in ${walk.english}. Add it, translated.`)
    return
  }
  const fields = type.getFields()
  const node = type.getInterfaces().some((face) => face.name === "Node")
  for (const [name, field] of Object.entries(fields)) {
    if (name === "id" && node) continue
    checkValue(walk, where ? `${where}.${name}` : name, english[name], translated[name], field.type, isShared(field))
  }
  for (const key of Object.keys(translated)) {
    // a field the model has is compared above; one it has not, only when the English lacks it too (the validation warns of the English)
    if (!(key in fields) && !(key in english))
      walk.report.errors.push(`${walk.file}: ${where ? `${where}.` : ""}"${key}" is not in ${walk.english}. Take it out, or add it to ${walk.english} first.`)
  }
}

/**
 * One translation against its English file, both parsed: shared values the
 * same, every text translated with the English's placeholders, lists as long.
 * `file` names the translation in the messages; `language` is its code.
 */
export function checkTranslation(file: string, english: unknown, translated: unknown, type: GraphQLObjectType, report: ContentReport, language: string): void {
  const englishFile = englishName(path.basename(file))
  checkObject({ file, english: englishFile, language: languageName(language), report }, "", english, translated, type)
}

/** A JSON file, or undefined when it does not parse (the content validation reports that, naming the line) */
function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as unknown
  } catch {
    return undefined
  }
}

/** Every translation of a content folder holding the type: each there, with its English file, and true to it */
export function checkFolderTranslations(dir: string, type: GraphQLObjectType, report: ContentReport): void {
  for (const pair of pairTranslations(dir, report)) {
    const english = readJson(pair.english)
    const translated = readJson(pair.translation)
    if (english === undefined || translated === undefined) continue
    checkTranslation(pair.translation, english, translated, type, report, pair.language.code)
  }
}

/**
 * The texts of a content file that are shared by every language (the
 * fields isShared names, at any depth): the names, sources, addresses and
 * ids a translated page shows as they are.
 */
export function sharedTexts(value: unknown, type: GraphQLObjectType): string[] {
  if (!isObject(value)) return []
  return Object.entries(type.getFields()).flatMap(([name, field]) => {
    const item = value[name]
    if (isShared(field)) return JSON.stringify(item ?? null).match(/"(?:[^"\\]|\\.)*"/g)?.map((text) => JSON.parse(text) as string) ?? []
    let base = getNullableType(field.type)
    while (isListType(base)) base = getNullableType(base.ofType)
    if (!isObjectType(base)) return []
    return (Array.isArray(item) ? item.flat(Infinity) : [item]).flatMap((entry) => sharedTexts(entry, base as GraphQLObjectType))
  })
}
