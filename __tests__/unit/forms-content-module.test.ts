/**
 * The forms' server gets every language's content through the module the
 * build writes from src/lib/languages.ts (src/build-time/forms-content.ts):
 * the checked-in one is what the build would write, and a third language
 * brings its own files.
 */
import fs from "node:fs"
import path from "node:path"
import { FORMS_CONTENT_MODULE, formsContentModule } from "../../src/build-time/forms-content"
import { LANGUAGES } from "../../src/lib/languages"

const ROOT = path.join(__dirname, "..", "..")

it("is checked in as the build writes it for the languages of src/lib/languages.ts", () => {
  expect(fs.readFileSync(path.join(ROOT, FORMS_CONTENT_MODULE), "utf8")).toBe(formsContentModule())
})

it("imports each language's forms, contact, site and estimate files, and only those", () => {
  const module = formsContentModule([...LANGUAGES, { code: "id", name: "Indonesian", tag: "id-ID" }])
  const imported = [...module.matchAll(/from "\.\.\/\.\.\/content\/([^"]+)"/g)].map(([, file]) => file)
  expect(imported).toEqual(
    [...LANGUAGES.map((language) => language.code), "id"].flatMap((code) => [
      `forms/forms.${code}.json`,
      `contact/contact.${code}.json`,
      `site/site.${code}.json`,
      `estimate/estimate.${code}.json`,
    ]),
  )
  expect(module).toMatch(/^ {2}id: \{ forms: formsId, contact: contactId, site: siteId, estimate: estimateId \},$/m)
})
