/**
 * A translation's glossary (docs/<language>-glossary.md, e.g.
 * docs/hindi-glossary.md) as the tests read it: the Latin-letter terms its
 * "What stays in English" list keeps, and the terms its "Rejected terms"
 * table forbids, each with what to write instead. The translated files'
 * check (unit/glossary.test.ts) and the built pages' check
 * (build/translated-pages.test.ts) both take their rules from here, so the
 * glossary is the one place a translator changes them.
 */
import fs from "node:fs"
import path from "node:path"
import { getNullableType, isListType, isObjectType, type GraphQLObjectType, type GraphQLType } from "graphql"
import { contentTypes } from "../../src/content/folders"
import { readableName } from "../../src/content/gallery"
import { isShared, sharedTexts } from "../../src/content/translations"

/** The glossary of a language (its English name, as src/lib/languages.ts gives it), or none */
export function glossaryFile(root: string, languageName: string): string | undefined {
  const file = path.join(root, "docs", `${languageName.toLowerCase()}-glossary.md`)
  return fs.existsSync(file) ? file : undefined
}

/** The terms a glossary keeps in Latin letters, each `in backticks` in its "What stays in English" list */
export function glossaryTerms(file: string): string[] {
  const text = fs.readFileSync(file, "utf8")
  const start = text.indexOf("What stays in English")
  if (start === -1) throw new Error(`${file}: no "What stays in English" list`)
  const section = text.slice(start, text.indexOf("\nNumbers are written", start))
  return [...section.matchAll(/`([^`]+)`/g)].map(([, term]) => term!)
}

/** The Latin-letter words of a text ("IPCC", "Husk", "kWh", "O'Neill") */
export const latinWords = (text: string) => text.match(/[A-Za-z][A-Za-z0-9]*(?:['’.-][A-Za-z0-9]+)*/g) ?? []

/**
 * The Latin words a translated text may hold: the glossary's terms, every
 * word of the content's shared fields (@shared in the model, one value for
 * every language: the company's and machines' names, the sources,
 * addresses and ids), and the content's file names with the captions the
 * gallery makes of them.
 */
export function allowedWords(root: string, glossary: string | undefined): Set<string> {
  const allowed = new Set(glossary ? glossaryTerms(glossary).flatMap(latinWords) : [])
  const content = path.join(root, "content")
  for (const { folder, type } of contentTypes(content)) {
    const dir = path.join(content, folder)
    for (const file of fs.readdirSync(dir)) for (const word of [...latinWords(file), ...latinWords(readableName(path.parse(file).name))]) allowed.add(word)
    for (const name of fs.readdirSync(dir).filter((file) => file.endsWith(".en.json")))
      for (const text of sharedTexts(JSON.parse(fs.readFileSync(path.join(dir, name), "utf8")), type)) for (const word of latinWords(text)) allowed.add(word)
  }
  return allowed
}

export interface RejectedTerm {
  /** What the table gives: the text itself, or /a pattern/ */
  term: string
  pattern: RegExp
  instead: string
  why: string
}

/** Letters of the scripts a glossary's terms are written in: a term is a whole word, not a piece of a longer one (चार, not चारकोल) */
const LETTER = "\\p{L}\\p{M}"

/**
 * The glossary's "Rejected terms" table: | rejected | write instead | why |,
 * a rejected term `in backticks` as the text itself (matched as whole words)
 * or `/as a pattern/` (Unicode, matched as written).
 */
export function rejectedTerms(file: string): RejectedTerm[] {
  const text = fs.readFileSync(file, "utf8")
  const start = text.indexOf("## Rejected terms")
  if (start === -1) return []
  const end = text.indexOf("\n## ", start + 1)
  const rows = text
    .slice(start, end === -1 ? undefined : end)
    .split("\n")
    .filter((line) => line.startsWith("| `"))
  return rows.map((row) => {
    const [term, instead, why] = row
      .slice(1, -1)
      .split(" | ")
      .map((cell) => cell.trim())
    const raw = /^`(.+)`$/.exec(term!)?.[1]
    if (!raw || instead === undefined || why === undefined) throw new Error(`${file}: the rejected-terms row "${row}" needs | \`term\` | write instead | why |`)
    const literal = raw.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
    const pattern = raw.startsWith("/") && raw.endsWith("/") ? new RegExp(raw.slice(1, -1), "u") : new RegExp(`(?<![${LETTER}])${literal}(?![${LETTER}])`, "u")
    return { term: raw, pattern, instead, why }
  })
}

/** Every translatable text of a content file (not @shared), by its key ("factors[3].note") */
export function translatableTexts(value: unknown, type: GraphQLObjectType, at = ""): { key: string; text: string }[] {
  if (!value || typeof value !== "object" || Array.isArray(value)) return []
  const fields = type.getFields()
  return Object.entries(value as Record<string, unknown>).flatMap(([name, item]) => {
    const field = fields[name]
    if (!field || isShared(field)) return []
    return textsOf(item, field.type, at ? `${at}.${name}` : name)
  })
}

function textsOf(value: unknown, type: GraphQLType, key: string): { key: string; text: string }[] {
  const base = getNullableType(type)
  if (value === null || value === undefined) return []
  if (isListType(base)) return Array.isArray(value) ? value.flatMap((item, index) => textsOf(item, base.ofType, `${key}[${index}]`)) : []
  if (isObjectType(base)) return translatableTexts(value, base, key)
  return typeof value === "string" ? [{ key, text: value }] : []
}

/**
 * What a translated text may keep in English, taken out before its words
 * are read: {placeholders}, addresses (URLs, e-mail), and what is in
 * brackets, where the glossary puts a source cited in running text ("(IPCC
 * 2006, खंड 5)") and the English term after the language's own.
 */
export function withoutKept(text: string): string {
  let rest = text.replace(/\{\w+\}/g, " ").replace(/https?:\/\/\S+|\S+@\S+/g, " ")
  for (let inner = rest.replace(/\([^()]*\)/g, " "); inner !== rest; inner = inner.replace(/\([^()]*\)/g, " ")) rest = inner
  return rest
}

/** The value at a key path ("factors[3].note") of a parsed file */
export function valueAt(data: unknown, key: string): unknown {
  return key.split(/\.|(?=\[)/).reduce<unknown>((value, part) => {
    if (value === null || value === undefined) return undefined
    const index = /^\[(\d+)\]$/.exec(part)
    return index ? (value as unknown[])[Number(index[1])] : (value as Record<string, unknown>)[part]
  }, data)
}

export interface Rules {
  rejected: readonly RejectedTerm[]
  /** Latin words a text may hold; undefined where the language has no glossary to say which */
  glossaryWords?: ReadonlySet<string>
  /** Latin words a text may hold even when it equals its English (names, sources) */
  allowed: ReadonlySet<string>
}

/** The problems of one translated file, one line each, naming the file and the key */
export function glossaryProblems(file: string, english: unknown, translated: unknown, type: GraphQLObjectType, rules: Rules): string[] {
  return translatableTexts(translated, type).flatMap(({ key, text }) => {
    const problems: string[] = []
    for (const { term, pattern, instead, why } of rules.rejected) {
      const found = pattern.exec(text)
      if (found) problems.push(`${file}: ${key} has "${found[0]}" (${term}): write ${instead}. Why: ${why}`)
    }
    const words = latinWords(withoutKept(text))
    if (rules.glossaryWords) {
      const english = [...new Set(words.filter((word) => !rules.glossaryWords!.has(word)))]
      if (english.length) problems.push(`${file}: ${key} has Latin-letter words the glossary does not keep in English: ${english.join(", ")}`)
    }
    if (text === valueAt(english, key) && words.some((word) => !rules.allowed.has(word)))
      problems.push(`${file}: ${key} is its English text, untranslated: "${text.length > 60 ? `${text.slice(0, 60)}…` : text}"`)
    return problems
  })
}
