/**
 * The site's languages, one line each: a third language is one more line
 * here, and its translation beside every content file. The default
 * language's content is content/<folder>/<name>.json; each other language's
 * is <name>.<code>.json beside it (content/about/about.hi.json), with the
 * same fields (src/content/translations.ts checks them).
 */
export interface Language {
  /** In the translations' file names (about.hi.json) */
  code: string
  /** The content's own language (content/<folder>/<name>.json); exactly one */
  default?: boolean
  /** In English, for the editors' messages ("has no Hindi text") */
  name: string
  /** BCP 47 with the region, as the pages' lang (content/site: language) */
  tag: string
}

export const LANGUAGES: readonly Language[] = [
  { code: "en", default: true, name: "English", tag: "en-IN" },
  { code: "hi", name: "Hindi", tag: "hi-IN" },
]

const found = LANGUAGES.find((language) => language.default)
if (!found) throw new Error("src/lib/languages.ts: no language is the default; mark the content's own language default: true.")

/** The language of content/<folder>/<name>.json */
export const DEFAULT_LANGUAGE: Language = found

/** The languages content is translated into */
export const TRANSLATED: readonly Language[] = LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE)

/** A language's name in English for a code ("hi": "Hindi"); an unknown code is its own name */
export function languageName(code: string): string {
  return LANGUAGES.find((language) => language.code === code)?.name ?? code
}
