import { languageByCode } from "./languages"

/*
 * How a language's pages write figures and lists: only the pages that do
 * (the estimator, the contact form's estimate) import these, so they come
 * with those pages' code, not in the scripts every page loads with the
 * language table (src/lib/languages.ts).
 */

/** The notation a language's pages write figures in ("en-GB", "hi-IN-u-nu-latn"), for Intl.NumberFormat */
export function numberLocale(code: string): string {
  const language = languageByCode(code)
  return language.numbers ?? language.tag
}

/** The parts of a list joined by "and" (Intl.ListFormat's), written the language's own way: without the comma before the last "and" where it has none */
export type ListJoiner = Pick<Intl.ListFormat, "formatToParts">

export function listJoiner(code: string): ListJoiner {
  const language = languageByCode(code)
  const list = new Intl.ListFormat(language.tag, { type: "conjunction" })
  if (language.serialComma !== false) return list
  return {
    formatToParts(items) {
      const all = [...items]
      const parts = list.formatToParts(all)
      const literals = parts.map((part) => part.type).lastIndexOf("literal")
      // ", और " -> " और ": only the comma that opens the last joiner, and only in a list of three or more (the others separate the items)
      if (all.length > 2 && literals !== -1) parts[literals] = { ...parts[literals]!, value: parts[literals]!.value.replace(/^\s*,\s*/, " ") }
      return parts
    },
  }
}
