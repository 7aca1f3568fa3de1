/**
 * The rules of the site's two forms, shared by the browser (maxLength,
 * required) and the server's checks, so both always agree.
 */
export type FieldKind = "text" | "email" | "phone" | "multiline"

export interface FieldRule {
  required: boolean
  /** Longest accepted value, in characters, after trimming */
  max: number
  kind: FieldKind
}

export const FORMS = {
  contact: {
    username: { required: true, max: 120, kind: "text" },
    email: { required: true, max: 254, kind: "email" },
    phone: { required: true, max: 40, kind: "phone" },
    subject: { required: true, max: 200, kind: "text" },
    message: { required: false, max: 5000, kind: "multiline" },
  },
  subscribe: {
    email: { required: true, max: 254, kind: "email" },
  },
} as const satisfies Record<string, Record<string, FieldRule>>

export type FormKind = keyof typeof FORMS
export type FormValues<K extends FormKind> = { [F in keyof (typeof FORMS)[K]]: string }

/** A field people do not see; bots that fill every input fill it too. */
export const HONEYPOT = "website"
/**
 * Set by the page's script at submit: how long the form was on screen, in ms.
 * A duration, not a timestamp, so a visitor's wrong clock cannot trip it.
 */
export const FILL_TIME = "fillMs"
/** Set by the contact form's script: the path of the page the visitor was on before the form (src/lib/lead-source.ts). */
export const LEAD_PAGE = "leadPage"
/**
 * Set by the contact form when the visitor came from /estimate: the
 * estimate's JSON (src/lib/forms/estimate-payload.ts), optional, stored with the lead.
 */
export const ESTIMATE = "estimate"
/**
 * The language of the page a form was sent from ("hi"; src/lib/languages.ts),
 * so the server answers, re-renders and e-mails in it. A hidden field on the
 * other languages' pages only: the default language's forms send none, and a
 * post without it (or with a language the site does not have) is answered in
 * the default language.
 */
export const LANGUAGE = "language"
/** Set by the page's script: one key per message, so a retried post is stored once. */
export const IDEMPOTENCY_KEY = "idempotencyKey"
/** A person takes longer than this to fill a form; faster posts are refused. */
export const MIN_FILL_MS = 3000
/**
 * The most name=value pairs a form post may carry. The contact form sends
 * about a dozen (its fields, the honeypot, the fill time, the key, the page
 * before it, an estimate); a post with more is no post of this site's, and is
 * refused (413) before the rest of it is read, so no request costs the server
 * more than counting its separators.
 */
export const MAX_FIELDS = 40
