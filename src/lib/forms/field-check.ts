/**
 * One field's check, the same in the browser (before a form is sent) and on
 * the server (src/forms/submission-checks.ts): both import this module, so a
 * value the page accepts is one the server accepts, and the page names the
 * same fault the server would. Pure and wordless: the page turns a code into
 * the content's words (faultText), the server into those and its plain
 * English for API clients; nothing of Node or the DOM.
 */
import type { FieldRule } from "./fields"
import { fill } from "../text"

/** What can be wrong with one field's value */
export type FieldCode = "required" | "too_long" | "invalid_email" | "invalid_phone" | "line_break" | "not_text"

// One address: no spaces or line breaks, one @, a dot in the domain, no dot at either end of it.
const EMAIL = /^[^\s@"<>(),;:\\[\]]+@[^\s@"<>(),;:\\[\]]+\.[^\s@"<>(),;:\\[\].]{2,}$/
// Digits with the usual separators: +1 (555) 010-0142, 0555 010 0142
const PHONE = /^\+?[0-9 ()./-]{6,40}$/
const LINE_BREAK = /[\r\n\u2028\u2029]/
// Control characters other than tab and line breaks never belong in a form field:
// C0, DEL and C1 (U+0080-U+009F, which some terminals and mail clients act on).
// eslint-disable-next-line no-control-regex -- the control characters a form field may not carry
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/
// U+FFFD is what a body's invalid UTF-8 decodes to: bytes that were not text
const UNREADABLE = /\uFFFD/
// Half of a surrogate pair on its own (JSON's "\ud800"): no character at all,
// and written out as UTF-8 it would turn into U+FFFD on the way to the store
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** The value as it is stored (line breaks as \n, trimmed), or what is wrong with it */
export function checkField(rule: FieldRule, raw: unknown): { value: string } | { code: FieldCode } {
  if (raw !== undefined && typeof raw !== "string") return { code: "not_text" }
  const value = (raw ?? "").replace(/\r\n/g, "\n").trim()
  if (!value) return rule.required ? { code: "required" } : { value }
  if ([...value].length > rule.max) return { code: "too_long" }
  if (CONTROL.test(value) || UNREADABLE.test(value) || LONE_SURROGATE.test(value)) return { code: "not_text" }
  if (rule.kind !== "multiline" && LINE_BREAK.test(value)) return { code: "line_break" }
  if (rule.kind === "email" && !EMAIL.test(value)) return { code: "invalid_email" }
  if (rule.kind === "phone" && (!PHONE.test(value) || (value.match(/[0-9]/g) ?? []).length < 6)) return { code: "invalid_phone" }
  return { value }
}

/** The content's words for each fault ({label}, {max}): forms.*.json "errors" */
export type FieldWords = Record<FieldCode, string>

/** A fault in the content's words: the field's visible label and its limit filled in */
export function faultText(words: FieldWords, code: FieldCode, label: string, max: number): string {
  return fill(words[code], { label, max })
}
