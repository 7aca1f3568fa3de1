/**
 * The forms' server imports each language's content (src/forms/content.ts)
 * so that Gatsby and Netlify bundle it into the functions; the imports are
 * this module's output, src/forms/content-by-language.ts, written from
 * src/lib/languages.ts before every build (gatsby-node onPreBootstrap). A
 * new language is then its content and its line in languages.ts: the next
 * build imports its files. A unit test holds the checked-in file to what
 * this writes.
 */
import fs from "node:fs"
import path from "node:path"
import { LANGUAGES, type Language } from "../lib/languages"

/** The module, relative to the project */
export const FORMS_CONTENT_MODULE = "src/forms/content-by-language.ts"

/** The content folders the server reads, and the file's name in each (<name>.<code>.json) */
const FILES = { forms: "forms/forms", contact: "contact/contact", site: "site/site", estimate: "estimate/estimate" } as const

/** The module's text for the languages */
export function formsContentModule(languages: readonly Language[] = LANGUAGES): string {
  const name = (part: string, code: string) => `${part}${code.replace(/[^a-z0-9]/gi, "_").replace(/^./, (first) => first.toUpperCase())}`
  const imports = languages.flatMap(({ code }) =>
    Object.entries(FILES).map(([part, file]) => `import ${name(part, code)} from "../../content/${file}.${code}.json"`),
  )
  const key = (code: string) => (/^[a-z_$][\w$]*$/i.test(code) ? code : JSON.stringify(code))
  const entries = languages.map(
    ({ code }) =>
      `  ${key(code)}: { ${Object.keys(FILES)
        .map((part) => `${part}: ${name(part, code)}`)
        .join(", ")} },`,
  )
  return [
    "// Written by src/build-time/forms-content.ts from src/lib/languages.ts before every build: do not edit.",
    ...imports,
    "",
    "/** Each language's files the forms' server reads, by code */",
    "export const CONTENT_BY_LANGUAGE = {",
    ...entries,
    "}",
    "",
  ].join("\n")
}

/** Writes the module when it differs (a language added or removed); true when it did */
export function writeFormsContentModule(root: string): boolean {
  const file = path.join(root, FORMS_CONTENT_MODULE)
  // a content folder checked on its own (the validation's tests) has no forms' server to write for
  if (!fs.existsSync(path.dirname(file))) return false
  const text = formsContentModule()
  if (fs.existsSync(file) && fs.readFileSync(file, "utf8") === text) return false
  fs.writeFileSync(file, text)
  return true
}
