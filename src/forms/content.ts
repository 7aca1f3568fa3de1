/**
 * Every language's content the forms' server reads (its own words, the
 * contact form's labels, the site's name and language, the estimator's
 * factors and words), imported rather than read from disk: Gatsby and
 * Netlify bundle them into the functions, and `npm start` loads them with
 * the server, so each answers with the content its site was built from.
 * The imports are in content-by-language.ts, which the build writes from
 * src/lib/languages.ts; a language missing there stops the server at start.
 */
import contactEn from "../../content/contact/contact.en.json"
import formsEn from "../../content/forms/forms.en.json"
import siteEn from "../../content/site/site.en.json"
import type { EstimateModel } from "../lib/estimate"
import type { QuoteWords } from "../lib/estimate-quote"
import { DEFAULT_LANGUAGE, LANGUAGES } from "../lib/languages"
import { CONTENT_BY_LANGUAGE } from "./content-by-language"

export interface FormsContent {
  forms: typeof formsEn
  contact: typeof contactEn
  site: typeof siteEn
  estimate: EstimateModel & QuoteWords
}

// each language's files, imported by the module the build writes from src/lib/languages.ts (src/build-time/forms-content.ts)
const BY_LANGUAGE: Record<string, FormsContent> = CONTENT_BY_LANGUAGE

const missing = LANGUAGES.filter((language) => !BY_LANGUAGE[language.code])
if (missing.length > 0)
  throw new Error(
    `src/forms/content-by-language.ts has no content for ${missing.map((language) => `${language.name} (${language.code})`).join(", ")}: build the site (npx gatsby build), which writes it from src/lib/languages.ts.`,
  )

/** A language's content by its code, as src/lib/languages.ts lists it; the default language's for any other code */
export function contentIn(code: string): FormsContent {
  return (LANGUAGES.some((language) => language.code === code) ? BY_LANGUAGE[code] : undefined) ?? BY_LANGUAGE[DEFAULT_LANGUAGE.code]!
}
