/**
 * Every language's content the forms' server reads (its own words, the
 * contact form's labels, the site's name and language, the estimator's
 * factors and words), imported rather than read from disk: Gatsby and
 * Netlify bundle them into the functions, and `npm start` loads them with
 * the server, so each answers with the content its site was built from.
 * A language of src/lib/languages.ts missing here stops the server at start.
 */
import contactEn from "../../content/contact/contact.en.json"
import contactHi from "../../content/contact/contact.hi.json"
import estimateEn from "../../content/estimate/estimate.en.json"
import estimateHi from "../../content/estimate/estimate.hi.json"
import formsEn from "../../content/forms/forms.en.json"
import formsHi from "../../content/forms/forms.hi.json"
import siteEn from "../../content/site/site.en.json"
import siteHi from "../../content/site/site.hi.json"
import type { EstimateModel } from "../lib/estimate"
import type { QuoteWords } from "../lib/estimate-quote"
import { DEFAULT_LANGUAGE, LANGUAGES } from "../lib/languages"

export interface FormsContent {
  forms: typeof formsEn
  contact: typeof contactEn
  site: typeof siteEn
  estimate: EstimateModel & QuoteWords
}

// one line per language: its files beside the English ones (content/<folder>/<name>.<code>.json)
const BY_LANGUAGE: Record<string, FormsContent> = {
  en: { forms: formsEn, contact: contactEn, site: siteEn, estimate: estimateEn },
  hi: { forms: formsHi, contact: contactHi, site: siteHi, estimate: estimateHi },
}

const missing = LANGUAGES.filter((language) => !BY_LANGUAGE[language.code])
if (missing.length > 0)
  throw new Error(
    `src/forms/content.ts has no content for ${missing.map((language) => `${language.name} (${language.code})`).join(", ")}: import its forms, contact, site and estimate files there as for Hindi.`,
  )

/** A language's content by its code, as src/lib/languages.ts lists it; the default language's for any other code */
export function contentIn(code: string): FormsContent {
  return (LANGUAGES.some((language) => language.code === code) ? BY_LANGUAGE[code] : undefined) ?? BY_LANGUAGE[DEFAULT_LANGUAGE.code]!
}
