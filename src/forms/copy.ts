/**
 * The words the forms' server side uses, from content/ like every other text
 * of the site: error messages, e-mails and the pages it renders itself, in
 * the language a post, a link or a subscriber's record names (the default
 * language for none, or for one the site does not have: an old page's post
 * is answered, never refused for it).
 */
import { fill } from "../lib/text"
import type { EstimateCopy } from "../lib/forms/estimate-payload"
import { ESTIMATE, FORMS, type FormKind } from "../lib/forms/fields"
import { DEFAULT_LANGUAGE, LANGUAGES, localizedPath, type Language } from "../lib/languages"
import { contentIn, type FormsContent } from "./content"

export { fill }
import type { FieldError } from "./submission-checks"

export { NOTICE_IDS, type NoticeId } from "../lib/forms/notices"
import type { NoticeId } from "../lib/forms/notices"

/** One language's words for the forms: its content files and the language itself */
export interface Words extends FormsContent {
  language: Language
  /** The words of an estimate's lines (src/lib/forms/estimate-payload.ts), the same the contact form fills in */
  estimateLines: EstimateCopy
  /**
   * The estimate files an attached estimate may be worded in: this
   * language's first, then every other language's (the language switch
   * carries an estimate from one language's contact page to another's)
   */
  estimates: readonly FormsContent["estimate"][]
}

const wordsOf = (language: Language): Words => {
  const content = contentIn(language.code)
  const others = LANGUAGES.filter((other) => other !== language).map((other) => contentIn(other.code).estimate)
  return { ...content, language, estimateLines: content.contact.form.estimate, estimates: [content.estimate, ...others] }
}

const WORDS = new Map(LANGUAGES.map((language) => [language.code, wordsOf(language)]))

/** The words of the language a code names; the default language's for anything else (missing, unknown, not text) */
export function wordsIn(code: unknown): Words {
  return (typeof code === "string" ? WORDS.get(code) : undefined) ?? WORDS.get(DEFAULT_LANGUAGE.code)!
}

/** The default language's words: answers to what names no language */
export const DEFAULT_WORDS = wordsIn(DEFAULT_LANGUAGE.code)

/**
 * The words of the language the team reads its e-mails in (content/forms:
 * teamLanguage, the same in every language's file); a code the site has no
 * language for is the content's mistake, named here rather than e-mailed in
 * a language nobody chose.
 */
export function teamWords(): Words {
  const code = DEFAULT_WORDS.forms.teamLanguage
  if (!WORDS.has(code))
    throw new Error(
      `content/forms/forms.${DEFAULT_LANGUAGE.code}.json: "teamLanguage" is "${code}", not one of the site's languages (${[...WORDS.keys()].join(", ")}).`,
    )
  return WORDS.get(code)!
}

/** The default language's forms copy */
export const copy = DEFAULT_WORDS.forms

/** The default language's words of an estimate's lines */
export const estimateCopy: EstimateCopy = DEFAULT_WORDS.estimateLines

/** What a record stores for its language: nothing for the default (as records written before languages), the code otherwise */
export function storedLanguage(words: Words): { language?: string } {
  return words.language === DEFAULT_LANGUAGE ? {} : { language: words.language.code }
}

export function fieldLabel(kind: FormKind, field: string, words: Words = DEFAULT_WORDS): string {
  if (kind === "subscribe") return words.site.footer.subscribe.emailLabel
  if (field === ESTIMATE) return words.contact.form.estimate.label
  const fields = words.contact.form.fields as Record<string, { label: string } | undefined>
  return fields[field]?.label ?? field
}

/** The visitor-facing message for one refusal, in the content's words. */
export function errorText(kind: FormKind, error: FieldError, words: Words = DEFAULT_WORDS): string {
  const template = (words.forms.errors as Record<string, string>)[error.code] ?? words.forms.errors.not_text
  const rules = FORMS[kind] as Record<string, { max: number } | undefined>
  return fill(template, { label: fieldLabel(kind, error.field, words), max: rules[error.field]?.max ?? "" })
}

/** The notice page a form ends on without JavaScript, in the words' language (/thank-you, /hi/thank-you) */
export function noticePath(id: NoticeId, words: Words = DEFAULT_WORDS): string {
  const page = words.forms.pages.find((notice) => notice.id === id)
  if (!page) throw new Error(`content/forms/forms.${words.language.code}.json: "pages" has no entry with id "${id}".`)
  return localizedPath(page.path, words.language.code)
}
