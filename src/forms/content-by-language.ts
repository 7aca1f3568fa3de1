// Written by src/build-time/forms-content.ts from src/lib/languages.ts before every build: do not edit.
import formsEn from "../../content/forms/forms.en.json"
import contactEn from "../../content/contact/contact.en.json"
import siteEn from "../../content/site/site.en.json"
import estimateEn from "../../content/estimate/estimate.en.json"
import formsHi from "../../content/forms/forms.hi.json"
import contactHi from "../../content/contact/contact.hi.json"
import siteHi from "../../content/site/site.hi.json"
import estimateHi from "../../content/estimate/estimate.hi.json"

/** Each language's files the forms' server reads, by code */
export const CONTENT_BY_LANGUAGE = {
  en: { forms: formsEn, contact: contactEn, site: siteEn, estimate: estimateEn },
  hi: { forms: formsHi, contact: contactHi, site: siteHi, estimate: estimateHi },
}
