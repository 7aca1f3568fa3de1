/**
 * HTML written as nested calls, escaped as it is written: the few pages the
 * forms' server renders (fallback-pages.ts) without a UI library, so the
 * core runs wherever Node does. Attributes are written in the order given,
 * under the names given; `true` writes a boolean attribute (required=""),
 * `false` and `undefined` leave it out.
 */

/** Markup already written (what h() returns, or a style sheet's text): never escaped again */
export class Markup {
  constructor(readonly html: string) {}
}

export type Child = string | number | Markup | null | undefined | false | readonly Child[]
export type Attributes = Record<string, string | number | boolean | undefined>

const ESCAPES: Record<string, string> = { '"': "&quot;", "&": "&amp;", "'": "&#x27;", "<": "&lt;", ">": "&gt;" }

/** Text and attribute values, escaped for either place */
export const escapeHtml = (text: string) => text.replace(/["&'<>]/g, (character) => ESCAPES[character]!)

/** Elements with no content and no end tag */
const VOID = new Set(["meta", "input", "link", "br", "hr", "img"])

function attributesOf(attributes: Attributes | null): string {
  return Object.entries(attributes ?? {})
    .map(([name, value]) => (value === undefined || value === false ? "" : value === true ? ` ${name}=""` : ` ${name}="${escapeHtml(String(value))}"`))
    .join("")
}

function contentOf(children: readonly Child[]): string {
  return children
    .map((child) =>
      child instanceof Markup
        ? child.html
        : Array.isArray(child)
          ? contentOf(child)
          : child === null || child === undefined || child === false
            ? ""
            : escapeHtml(String(child)),
    )
    .join("")
}

/** One element: `h("p", { class: "error" }, "text", h("a", { href: "#" }, "link"))` */
export function h(tag: string, attributes: Attributes | null, ...children: Child[]): Markup {
  if (VOID.has(tag)) return new Markup(`<${tag}${attributesOf(attributes)}/>`)
  return new Markup(`<${tag}${attributesOf(attributes)}>${contentOf(children)}</${tag}>`)
}

/**
 * A textarea holding text: an HTML parser drops a newline right after the
 * start tag, so a text that begins with one gets another in front.
 */
export function textarea(attributes: Attributes, text: string): Markup {
  return new Markup(`<textarea${attributesOf(attributes)}>${text.startsWith("\n") ? "\n" : ""}${escapeHtml(text)}</textarea>`)
}
