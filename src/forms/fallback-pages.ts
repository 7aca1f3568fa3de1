/**
 * The few pages the forms' server renders itself, for visitors without
 * JavaScript: the form again with its errors and the visitor's input, the
 * subscription confirmation page, and a page for refusals that have no form
 * to show. Standalone HTML (no site bundle), words from content/ in the
 * language given (the post's, the link's or the subscriber's), written
 * with markup.ts: no UI library, so the forms' core runs on any host.
 */
import { fieldLabel, fill, storedLanguage, type Words } from "./copy"
import { readEstimateIn } from "./estimate-figures"
import { ESTIMATE, FORMS, HONEYPOT, LANGUAGE, type FormKind } from "../lib/forms/fields"
import { localizedPath } from "../lib/languages"
import { h, Markup, textarea, type Child } from "./markup"

const STYLE = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#17201b;background:#f7f5ef}
main{max-width:40rem;margin:0 auto;padding:2.5rem 1.25rem 4rem}
h1{font-size:1.75rem;line-height:1.25;color:#163a29;margin:0 0 1rem}
a{color:#1f4d36}
.summary{border:2px solid #b3261e;border-radius:8px;background:#fff;padding:1rem 1.25rem;margin:1.5rem 0}
.summary h2{font-size:1.05rem;margin:0 0 .5rem}
.summary ul{margin:0;padding-left:1.25rem}
.field{margin:0 0 1.1rem}
label{display:block;font-weight:600;margin-bottom:.3rem}
input,textarea{width:100%;font:inherit;padding:.7rem .8rem;border:1px solid #46524b;border-radius:6px;background:#fff;color:inherit}
textarea{min-height:9rem}
[aria-invalid=true]{border:2px solid #b3261e}
.error{color:#b3261e;margin:.3rem 0 0;font-weight:600}
.trap{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
button{font:inherit;font-weight:700;min-height:48px;padding:.75rem 1.5rem;border:0;border-radius:6px;background:#163a29;color:#fff;cursor:pointer}
button:focus-visible,a:focus-visible,input:focus-visible,textarea:focus-visible{outline:3px solid #e07b1a;outline-offset:2px}
.back{display:inline-block;margin-top:2rem}
`

export interface ShownError {
  field: string
  text: string
}

function document(words: Words, title: string, children: Child[]): Markup {
  const { site, forms } = words
  return h(
    "html",
    { lang: site.language },
    h(
      "head",
      null,
      h("meta", { charSet: "utf-8" }),
      h("meta", { name: "viewport", content: "width=device-width, initial-scale=1" }),
      h("meta", { name: "robots", content: "noindex" }),
      h("title", null, `${title} | ${site.title}`),
      h("style", null, new Markup(STYLE)),
    ),
    h("body", null, h("main", null, children, h("p", null, h("a", { class: "back", href: localizedPath("/", words.language.code) }, forms.errorPage.back)))),
  )
}

const page = (words: Words, title: string, ...children: Child[]) => `<!DOCTYPE html>${document(words, title, children).html}`

const INPUT_TYPES: Record<string, string> = { email: "email", phone: "tel", text: "text" }

/** The form again, in the visitor's language, filled with what they sent, each error beside its field and listed on top. */
export function formPage(words: Words, kind: FormKind, values: Record<string, unknown>, errors: ShownError[]): string {
  const { contact, forms, site } = words
  const rules = FORMS[kind] as Record<string, { required: boolean; max: number; kind: string }>
  const fieldErrors = new Map(errors.filter((error) => error.field in rules).map((error) => [error.field, error.text]))
  const fields = Object.entries(rules).map(([field, rule]) => {
    const id = `${kind}-${field}`
    const value = typeof values[field] === "string" ? (values[field] as string) : ""
    const error = fieldErrors.get(field)
    const shared = {
      id,
      name: field,
      required: rule.required,
      maxLength: rule.max,
      "aria-invalid": error ? "true" : undefined,
      "aria-describedby": error ? `${id}-error` : undefined,
    }
    return h(
      "div",
      { class: "field" },
      h("label", { for: id }, fieldLabel(kind, field, words), rule.required ? h("span", { "aria-hidden": "true" }, " *") : null),
      rule.kind === "multiline" ? textarea(shared, value) : h("input", { ...shared, type: INPUT_TYPES[rule.kind], value }),
      error ? h("p", { class: "error", id: `${id}-error` }, error) : null,
    )
  })
  // An estimate the server accepts goes with the form again, so correcting
  // another field does not lose it; one it refuses (unreadable, or figures
  // that are not the site's) is left off (its error is listed), and the form
  // then sends without it.
  const estimate =
    kind === "contact" && typeof values[ESTIMATE] === "string" && readEstimateIn(values[ESTIMATE], words.estimates).ok ? values[ESTIMATE] : undefined
  // the form's language goes with it again, so the next answer is in it too
  const language = storedLanguage(words).language
  return page(
    words,
    forms.errorPage.title,
    h("h1", null, forms.errorPage.title),
    h("p", null, forms.errorPage.intro),
    h(
      "div",
      { class: "summary", role: "alert" },
      h("h2", null, forms.status.failed),
      h(
        "ul",
        null,
        errors.map((error) => h("li", null, error.field in rules ? h("a", { href: `#${kind}-${error.field}` }, error.text) : error.text)),
      ),
    ),
    h(
      "form",
      { method: "post", action: `/api/${kind}`, novalidate: true },
      estimate ? h("p", null, contact.form.estimate.note) : null,
      estimate ? h("input", { type: "hidden", name: ESTIMATE, value: estimate }) : null,
      language ? h("input", { type: "hidden", name: LANGUAGE, value: language }) : null,
      fields,
      h(
        "div",
        { class: "trap", "aria-hidden": "true" },
        h("label", { for: `${kind}-${HONEYPOT}` }, forms.trapLabel),
        h("input", { id: `${kind}-${HONEYPOT}`, name: HONEYPOT, tabindex: -1, autoComplete: "off", value: "" }),
      ),
      h("button", { type: "submit" }, kind === "contact" ? contact.form.submit : site.footer.subscribe.button),
    ),
  )
}

/** A refusal with no form to show again (wrong method, wrong content type, a broken body). */
export function messagePage(words: Words, title: string, text: string): string {
  return page(words, title, h("h1", null, title), h("p", { role: "alert" }, text))
}

/**
 * A page opened from a link in an e-mail: the address and a button that
 * posts the link's token, so a mail scanner that opens the link changes nothing.
 */
function buttonPage(words: Words, texts: { title: string; text: string; button: string }, email: string, token: string, action: string): string {
  return page(
    words,
    texts.title,
    h("h1", null, texts.title),
    h("p", null, fill(texts.text, { email })),
    h("form", { method: "post", action }, h("input", { type: "hidden", name: "token", value: token }), h("button", { type: "submit" }, texts.button)),
  )
}

/** Opened from the confirmation e-mail, in the subscriber's language */
export const confirmPage = (words: Words, email: string, token: string) => buttonPage(words, words.forms.confirmPage, email, token, "/api/subscribe-confirm")

/** Opened from the unsubscribe link of an e-mail, in the subscriber's language */
export const unsubscribePage = (words: Words, email: string, token: string) => buttonPage(words, words.forms.unsubscribePage, email, token, "/api/unsubscribe")

export function invalidLinkPage(words: Words): string {
  return messagePage(words, words.forms.confirmPage.invalidTitle, words.forms.confirmPage.invalidText)
}

export function invalidUnsubscribePage(words: Words): string {
  return messagePage(words, words.forms.unsubscribePage.invalidTitle, words.forms.unsubscribePage.invalidText)
}
