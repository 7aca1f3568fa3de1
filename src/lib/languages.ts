/**
 * The site's languages, one line each: a third language is one more line
 * here, and its translation beside every content file. Every content file's
 * name carries its language's code: the default language's is
 * content/<folder>/<name>.en.json, each other language's <name>.<code>.json
 * beside it (content/about/about.hi.json), with the same fields
 * (src/content/translations.ts checks them).
 */
export interface Language {
  /** In the translations' file names (about.hi.json) */
  code: string
  /** The content's own language, the one translations are held to (content/<folder>/<name>.en.json); exactly one */
  default?: boolean
  /** In English, for the editors' messages ("has no Hindi text") */
  name: string
  /** BCP 47 with the region, as the pages' lang (content/site: language) */
  tag: string
  /** BCP 47 of the notation the pages write figures in (Intl.NumberFormat's locale), where it is not the tag's own */
  numbers?: string
  /**
   * false where the language writes no comma before the list's last "and"
   * ("क, ख और ग"), which Intl.ListFormat's data puts there for some ("क, ख, और ग")
   */
  serialComma?: boolean
}

export const LANGUAGES: readonly Language[] = [
  // English figures keep the groups of three (100,000) the English pages have always written (en-IN would write 1,00,000);
  // Hindi groups in lakhs and crores (1,00,000) in Latin digits, as its content writes its own figures ("20", "95 %")
  { code: "en", default: true, name: "English", tag: "en-IN", numbers: "en-GB" },
  // Hindi house style (and the Hindi review): "क, ख और ग", no comma before और
  { code: "hi", name: "Hindi", tag: "hi-IN", numbers: "hi-IN-u-nu-latn", serialComma: false },
]

const found = LANGUAGES.find((language) => language.default)
// short: this message is in every page's start-up scripts
if (!found) throw new Error("src/lib/languages.ts: mark one language default: true")

/** The language of content/<folder>/<name>.en.json, which the translations are held to */
export const DEFAULT_LANGUAGE: Language = found

/** The languages content is translated into */
export const TRANSLATED: readonly Language[] = LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE)

/** A language's name in English for a code ("hi": "Hindi"); an unknown code is its own name */
export function languageName(code: string): string {
  return LANGUAGES.find((language) => language.code === code)?.name ?? code
}

/**
 * A page's address in a language: the default language's pages at the
 * root, each other language's under its code (/contact, /hi/contact; /, /hi).
 */
export function localizedPath(basePath: string, language: string): string {
  if (language === DEFAULT_LANGUAGE.code) return basePath
  return basePath === "/" ? `/${language}` : `/${language}${basePath}`
}

/** The language of an address (/hi/contact: "hi"), the default for one under no language's prefix */
export function languageOfPath(pathname: string): string {
  const first = pathname.split("/")[1] ?? ""
  return LANGUAGES.find((language) => language !== DEFAULT_LANGUAGE && language.code === first)?.code ?? DEFAULT_LANGUAGE.code
}

/** An address without its language prefix (/hi/contact: /contact, /hi: /) */
export function basePathOf(pathname: string): string {
  const language = languageOfPath(pathname)
  if (language === DEFAULT_LANGUAGE.code) return pathname
  return pathname.slice(language.length + 1) || "/"
}

/**
 * A link's target as the page's language has it: an address of the site in
 * the default language (/contact?subject=…#contact, /#about) goes to the
 * same page in `language`; an address already in a language, a form
 * endpoint (/api/…), a file or another site's is left as it is.
 */
export function localizeHref(href: string, language: string): string {
  if (language === DEFAULT_LANGUAGE.code || !href.startsWith("/") || href.startsWith("//") || href.startsWith("/api/")) return href
  const cut = href.search(/[?#]/)
  const pathname = cut === -1 ? href : href.slice(0, cut)
  if (languageOfPath(pathname) !== DEFAULT_LANGUAGE.code || /\.[a-z0-9]+$/i.test(pathname)) return href
  return localizedPath(pathname, language) + (cut === -1 ? "" : href.slice(cut))
}

/** A language by its code; the default for an unknown one */
export function languageByCode(code: string): Language {
  return LANGUAGES.find((language) => language.code === code) ?? DEFAULT_LANGUAGE
}

/**
 * A page's alternates in every language and x-default (the default
 * language's), as absolute URLs: what its head's <link rel="alternate"
 * hreflang> lists and the sitemap repeats (xhtml:link).
 */
export function sitemapAlternates(siteUrl: string, pathname: string): { lang: string; url: string }[] {
  const base = basePathOf(pathname)
  const url = (code: string) => new URL(localizedPath(base, code), `${siteUrl}/`).toString()
  return [...LANGUAGES.map((language) => ({ lang: language.tag, url: url(language.code) })), { lang: "x-default", url: url(DEFAULT_LANGUAGE.code) }]
}
