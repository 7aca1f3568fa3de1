/**
 * The words the forms' server side uses, from content/ like every other text
 * of the site: error messages, e-mails and the pages it renders itself.
 */
import contact from "../../content/contact/contact.en.json"
import forms from "../../content/forms/forms.en.json"
import site from "../../content/site/site.en.json"
import { fill } from "../lib/text"
import type { EstimateCopy } from "../lib/forms/estimate-payload"
import { ESTIMATE, FORMS, type FormKind } from "../lib/forms/fields"

export { fill }
import type { FieldError } from "./submission-checks"

export const copy = forms

export { NOTICE_IDS, type NoticeId } from "../lib/forms/notices"
import type { NoticeId } from "../lib/forms/notices"

/** The words of an estimate's lines (src/lib/forms/estimate-payload.ts), the same the contact form fills in */
export const estimateCopy: EstimateCopy = contact.form.estimate

export function fieldLabel(kind: FormKind, field: string): string {
  if (kind === "subscribe") return site.footer.subscribe.emailLabel
  if (field === ESTIMATE) return contact.form.estimate.label
  const fields = contact.form.fields as Record<string, { label: string } | undefined>
  return fields[field]?.label ?? field
}

/** The visitor-facing message for one refusal, in the content's words. */
export function errorText(kind: FormKind, error: FieldError): string {
  const template = (copy.errors as Record<string, string>)[error.code] ?? copy.errors.not_text
  const rules = FORMS[kind] as Record<string, { max: number } | undefined>
  return fill(template, { label: fieldLabel(kind, error.field), max: rules[error.field]?.max ?? "" })
}

export function noticePath(id: NoticeId): string {
  const page = copy.pages.find((notice) => notice.id === id)
  if (!page) throw new Error(`content/forms/forms.en.json: "pages" has no entry with id "${id}".`)
  return page.path
}
