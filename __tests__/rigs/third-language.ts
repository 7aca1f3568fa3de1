/**
 * A third language, added to a copy of the project the way docs/languages.md
 * says: one line in src/lib/languages.ts and a translation beside every
 * content file, nothing else. The language is a pseudo-locale (qps-ploc):
 * every translatable text is the English with its letters accented
 * ("Ĝéţ Îñ Ţöûçĥ"), so any English word a page shows was never translated,
 * and the tests that hold the Hindi pages (no English in main, alternates,
 * the sitemap) hold this one too. Run by the other-content rig, which builds
 * the copy and runs the unit and build tests in it.
 */
import fs from "node:fs"
import path from "node:path"
import { getNullableType, isListType, isObjectType, type GraphQLObjectType, type GraphQLType } from "graphql"
import { contentTypes } from "../../src/content/folders"
import { isShared } from "../../src/content/translations"

export const PSEUDO = { code: "qps", name: "Pseudo", tag: "qps-ploc" } as const

const ACCENTED: Record<string, string> = Object.fromEntries(
  [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"].map((letter, index) => [
    letter,
    [..."åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ"][index]!,
  ]),
)

/** A text with its letters accented, its {placeholders} and any address left as they are */
export function pseudo(text: string): string {
  if (/^(?:https?:|mailto:|tel:|\/|#)/.test(text)) return text
  return text
    .split(/(\{\w+\})/)
    .map((part) => (/^\{\w+\}$/.test(part) ? part : part.replace(/[A-Za-z]/g, (letter) => ACCENTED[letter]!)))
    .join("")
}

function translate(value: unknown, type: GraphQLType): unknown {
  const base = getNullableType(type)
  if (value === null || value === undefined) return value
  if (isListType(base)) return Array.isArray(value) ? value.map((item) => translate(item, base.ofType)) : value
  if (isObjectType(base)) return translateObject(value, base)
  return typeof value === "string" ? pseudo(value) : value
}

function translateObject(value: unknown, type: GraphQLObjectType): unknown {
  if (!value || typeof value !== "object" || Array.isArray(value)) return value
  const fields = type.getFields()
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => {
      const field = fields[key]
      return [key, field && !isShared(field) ? translate(item, field.type) : item]
    }),
  )
}

/** Adds the language to the project copy in `dir`: its line in src/lib/languages.ts and a <name>.qps.json beside every <name>.en.json */
export function addPseudoLanguage(dir: string): string {
  const config = path.join(dir, "src/lib/languages.ts")
  const text = fs.readFileSync(config, "utf8")
  const list = /(export const LANGUAGES: readonly Language\[\] = \[[\s\S]*?)\n\]/.exec(text)
  if (!list) throw new Error("src/lib/languages.ts: the LANGUAGES list was not found")
  fs.writeFileSync(config, text.replace(list[0], `${list[1]}\n  { code: "${PSEUDO.code}", name: "${PSEUDO.name}", tag: "${PSEUDO.tag}" },\n]`))

  const content = path.join(dir, "content")
  let files = 0
  for (const { folder, type } of contentTypes(content)) {
    for (const name of fs.readdirSync(path.join(content, folder)).filter((file) => file.endsWith(".en.json"))) {
      const english = JSON.parse(fs.readFileSync(path.join(content, folder, name), "utf8")) as unknown
      const translated = translateObject(english, type) as Record<string, unknown>
      // the site's language and its name in itself are the language's own, not a spelling of the English
      if (folder === "site") Object.assign(translated, { language: PSEUDO.tag, languageName: pseudo("Pseudo") })
      fs.writeFileSync(path.join(content, folder, name.replace(/\.en\.json$/, `.${PSEUDO.code}.json`)), `${JSON.stringify(translated, null, 2)}\n`)
      files += 1
    }
  }
  return `a third language, ${PSEUDO.name} (${PSEUDO.tag}) at /${PSEUDO.code}: one line in src/lib/languages.ts and ${files} content files`
}

/** The third language's pages as the copy's build made them */
export function checkPseudoLanguage(dir: string): { problems: string[]; summary: string } {
  const problems: string[] = []
  const publicDir = path.join(dir, "public")
  const read = (file: string) => (fs.existsSync(path.join(publicDir, file)) ? fs.readFileSync(path.join(publicDir, file), "utf8") : undefined)
  const englishPages = fs
    .readdirSync(path.join(dir, "content/solutions"))
    .filter((name) => name.endsWith(".en.json"))
    .map((name) => (JSON.parse(fs.readFileSync(path.join(dir, "content/solutions", name), "utf8")) as { slug: string }).slug)
  const pages = ["", "/contact", "/product", "/estimate", "/privacy", ...englishPages.map((slug) => `/${slug}`)]
  for (const page of pages) {
    const html = read(`${PSEUDO.code}${page}/index.html`)
    if (!html) {
      problems.push(`/${PSEUDO.code}${page} was not built`)
      continue
    }
    if (!html.includes(`<html lang="${PSEUDO.tag}"`)) problems.push(`/${PSEUDO.code}${page} is not lang="${PSEUDO.tag}"`)
    if (!html.includes(`hreflang="${PSEUDO.tag}"`) && !html.includes(`hrefLang="${PSEUDO.tag}"`))
      problems.push(`/${PSEUDO.code}${page} lists no ${PSEUDO.tag} alternate`)
  }
  const home = read("index.html") ?? ""
  if (!new RegExp(`hrefLang="${PSEUDO.tag}" href="[^"]*/${PSEUDO.code}"`, "i").test(home)) problems.push(`/ lists no alternate for /${PSEUDO.code}`)
  if (!home.includes(`href="/${PSEUDO.code}"`)) problems.push(`/ has no language switch link to /${PSEUDO.code}`)
  const notFound = read(`${PSEUDO.code}/404.html`)
  if (!notFound?.includes(`<html lang="${PSEUDO.tag}"`)) problems.push(`/${PSEUDO.code}/404.html is missing or not in ${PSEUDO.tag}`)
  const sitemap = fs
    .readdirSync(publicDir)
    .filter((name) => /^sitemap-\d+\.xml$/.test(name))
    .map((name) => read(name) ?? "")
    .join("")
  if (!sitemap.includes(`/${PSEUDO.code}</loc>`)) problems.push(`the sitemap does not list /${PSEUDO.code}`)
  const forms = fs.readFileSync(path.join(dir, "src/forms/content-by-language.ts"), "utf8")
  if (!forms.includes(`forms.${PSEUDO.code}.json`)) problems.push(`the build did not give the forms' server the ${PSEUDO.name} content`)
  return { problems, summary: `${pages.length} pages and the 404 page at /${PSEUDO.code}, its alternates, the sitemap and the forms' content` }
}
