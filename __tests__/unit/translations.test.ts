/**
 * The translations of content/ (src/content/translations.ts): this
 * checkout's Hindi files pass, and each kind of translator's mistake is one
 * line naming the file and the field.
 */
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import type { GraphQLObjectType } from "graphql"
import { contentTypes } from "../../src/content/folders"
import { contentSchema } from "../../src/content/schema"
import { checkFolderTranslations, checkTranslation, englishName, languageOf, pairTranslations, translationFiles } from "../../src/content/translations"
import type { ContentReport } from "../../src/content/validate-content"
import { DEFAULT_LANGUAGE, languageName, LANGUAGES, TRANSLATED } from "../../src/lib/languages"

const ROOT = path.join(__dirname, "..", "..")
const CONTENT = path.join(ROOT, "content")

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests change a content file's fields by name, as a translator would
type Content = Record<string, any>

const emptyReport = (): ContentReport => ({ errors: [], warnings: [] })
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(ROOT, file), "utf8")) as Content
const typeOf = (name: string) => contentSchema().getType(name) as GraphQLObjectType

/** The errors of a Hindi file, changed in memory, against its English file */
function errorsOf(folder: string, typeName: string, change: (hindi: Content) => void): string[] {
  const report = emptyReport()
  const hindi = read(`content/${folder}/${folder}.hi.json`)
  change(hindi)
  checkTranslation(`content/${folder}/${folder}.hi.json`, read(`content/${folder}/${folder}.en.json`), hindi, typeOf(typeName), report, "hi")
  return report.errors
}

const hero = (change: (hindi: Content) => void) => errorsOf("hero", "HeroJson", change)

describe("the languages", () => {
  it("have one default, English, and Hindi translated", () => {
    expect(LANGUAGES.filter((language) => language.default)).toEqual([DEFAULT_LANGUAGE])
    expect(DEFAULT_LANGUAGE).toMatchObject({ code: "en", tag: "en-IN" })
    // Hindi among them (a copy with a third language has one more: __tests__/rigs/third-language.ts)
    expect(TRANSLATED.map((language) => language.code)).toContain("hi")
  })

  it("name a language in words, or by its code when it is not configured", () => {
    expect(languageName("hi")).toBe("Hindi")
    expect(languageName("xx")).toBe("xx")
  })

  it("read a file's language from its name", () => {
    expect(languageOf("about.hi.json")).toBe("hi")
    expect(languageOf("about.en.json")).toBe("en")
    expect(languageOf("waste-to-charcoal.en.json")).toBe("en")
    expect(languageOf("about.json")).toBeUndefined() // no language: the validation names the file
    expect(languageOf("report.2026.json")).toBeUndefined() // not a configured language
    expect(englishName("waste-to-charcoal.hi.json")).toBe("waste-to-charcoal.en.json")
    const solutionFiles = fs.readdirSync(path.join(CONTENT, "solutions")).filter((name) => name.endsWith(".json"))
    expect(translationFiles(path.join(CONTENT, "solutions"))).toEqual(solutionFiles.filter((name) => !name.endsWith(".en.json")).sort())
    expect(translationFiles(path.join(CONTENT, "solutions")).filter((name) => name.endsWith(".hi.json"))).toHaveLength(solutionFiles.length / LANGUAGES.length)
  })
})

describe("this checkout's translations", () => {
  it("are all there, and true to their English files: shared values the same, every text translated", () => {
    const report = emptyReport()
    let pairs = 0
    for (const { folder, type } of contentTypes(CONTENT)) {
      const dir = path.join(CONTENT, folder)
      pairs += pairTranslations(dir, emptyReport()).length
      checkFolderTranslations(dir, type, report)
    }
    expect(report.errors).toEqual([])
    expect(pairs).toBeGreaterThanOrEqual(19) // 16 one-file folders and three solutions
  })
})

describe("a translator's mistake is one line naming the file and the field", () => {
  it("a shared number changed", () => {
    expect(
      hero((hindi) => {
        hindi.autoplayInterval = 5000
      }),
    ).toEqual([
      "content/hero/hero.hi.json: autoplayInterval is shared by every language (8000 in hero.en.json); here it is 5000. Change it in hero.en.json, or copy the English value here.",
    ])
  })

  it("a shared file name changed", () => {
    expect(
      hero((hindi) => {
        hindi.slides[0].poster = "x.jpg"
      }),
    ).toEqual([
      'content/hero/hero.hi.json: slides[0].poster is shared by every language ("hero-1.jpg" in hero.en.json); here it is "x.jpg". Change it in hero.en.json, or copy the English value here.',
    ])
  })

  it("an @shared text changed: a link, a machine's name, a factor's source", () => {
    expect(
      hero((hindi) => {
        hindi.slides[1].buttonLink = "/hi/waste-to-charcoal"
      }),
    ).toEqual([
      expect.stringMatching(
        /^content\/hero\/hero\.hi\.json: slides\[1\]\.buttonLink is shared by every language \("\/waste-to-charcoal" in hero\.en\.json\); here it is "\/hi\/waste-to-charcoal"\./,
      ),
    ])
    expect(
      errorsOf("products", "ProductsJson", (hindi) => {
        hindi.items[0].title = "कन्वेयर बेल्ट"
      }),
    ).toEqual([expect.stringContaining("content/products/products.hi.json: items[0].title is shared by every language")])
    expect(
      errorsOf("estimate", "EstimateJson", (hindi) => {
        hindi.factors[3].source.publisher = "विश्व बैंक"
      }),
    ).toEqual([expect.stringContaining("content/estimate/estimate.hi.json: factors[3].source.publisher is shared by every language")])
  })

  it("a text missing, or empty", () => {
    const english = read("content/hero/hero.en.json").slides[2].paragraph as string
    const line = `content/hero/hero.hi.json: slides[2].paragraph has no Hindi text. Translate it (English: "${english.slice(0, 75)}…").`
    expect(
      hero((hindi) => {
        delete hindi.slides[2].paragraph
      }),
    ).toEqual([line])
    expect(
      hero((hindi) => {
        hindi.slides[2].paragraph = " "
      }),
    ).toEqual([line])
  })

  it("a text left empty where the English is empty too is fine", () => {
    expect(errorsOf("why-choose-us", "WhyChooseUsJson", () => {})).toEqual([])
    expect(read("content/why-choose-us/why-choose-us.en.json").points[0].alt).toBe("")
  })

  it("a {placeholder} dropped, or one added", () => {
    expect(
      errorsOf("company", "CompanyJson", (hindi) => {
        hindi.copyright = "© Emberleaf Energy Ltd. सर्वाधिकार सुरक्षित।"
      }),
    ).toEqual([
      expect.stringMatching(/^content\/company\/company\.hi\.json: copyright lacks \{year\}\. Keep the English's placeholders as written \(\{year\}\)/),
    ])
    expect(
      hero((hindi) => {
        hindi.label = "{n} हमारे समाधान"
      }),
    ).toEqual([expect.stringMatching(/^content\/hero\/hero\.hi\.json: label has \{n\}, which the English has not\./)])
  })

  it("a list of another length", () => {
    expect(
      hero((hindi) => {
        hindi.slides.pop()
      }),
    ).toEqual(["content/hero/hero.hi.json: slides has 3 items, hero.en.json 4. Give it one per English item, in the same order."])
  })

  it("an object missing, or a field the English has not", () => {
    expect(
      errorsOf("call-to-action", "CallToActionJson", (hindi) => {
        delete hindi.quote
      }),
    ).toEqual([expect.stringMatching(/^content\/call-to-action\/call-to-action\.hi\.json: quote should be an object/)])
    expect(
      hero((hindi) => {
        hindi.slides[0].note = "नया"
      }),
    ).toEqual(['content/hero/hero.hi.json: slides[0]."note" is not in hero.en.json. Take it out, or add it to hero.en.json first.'])
  })

  it("an optional field left out of both is fine; one the English leaves out is not in the translation", () => {
    const english = read("content/estimate/estimate.en.json")
    const stream = english.streams.findIndex((item: { lineNote?: string }) => item.lineNote === undefined)
    expect(stream).toBeGreaterThanOrEqual(0)
    expect(
      errorsOf("estimate", "EstimateJson", (hindi) => {
        hindi.streams[stream].lineNote = "एक नोट"
      }),
    ).toEqual([`content/estimate/estimate.hi.json: streams[${stream}].lineNote is not in estimate.en.json. Take it out, or add it to estimate.en.json first.`])
  })

  it("names an unconfigured language by its code", () => {
    const report = emptyReport()
    const english = read("content/hero/hero.en.json")
    checkTranslation("content/hero/hero.xx.json", english, { ...english, label: "" }, typeOf("HeroJson"), report, "xx")
    expect(report.errors).toEqual([expect.stringMatching(/^content\/hero\/hero\.xx\.json: label has no xx text\./)])
  })
})

describe("a folder's translation files", () => {
  let root: string
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "translations-"))
  })
  afterEach(() => {
    fs.rmSync(root, { recursive: true, force: true })
  })

  /** content/solutions/ copied, with `change` applied to the copy */
  function solutionsErrors(change: (dir: string) => void): string[] {
    const dir = path.join(root, "solutions")
    fs.cpSync(path.join(CONTENT, "solutions"), dir, { recursive: true })
    change(dir)
    const report = emptyReport()
    checkFolderTranslations(dir, typeOf("SolutionsJson"), report)
    return report.errors
  }

  it("a missing translation", () => {
    const hindi = path.relative(process.cwd(), path.join(root, "solutions", "waste-to-charcoal.hi.json"))
    expect(solutionsErrors((dir) => fs.rmSync(path.join(dir, "waste-to-charcoal.hi.json")))).toEqual([
      `${hindi} is missing: every content file needs its Hindi translation beside it. Copy waste-to-charcoal.en.json to waste-to-charcoal.hi.json and translate its text (the fields marked @shared in src/content/model/ stay as they are).`,
    ])
  })

  it("a translation without its English file", () => {
    const orphan = path.relative(process.cwd(), path.join(root, "solutions", "waste-to-steam.hi.json"))
    expect(solutionsErrors((dir) => fs.copyFileSync(path.join(dir, "waste-to-charcoal.hi.json"), path.join(dir, "waste-to-steam.hi.json")))).toEqual([
      `${orphan}: there is no waste-to-steam.en.json beside it, the file it would translate. Name it after its English file, or delete it.`,
    ])
  })

  it("a translation that is not JSON is left to the content validation, which names the line", () => {
    expect(solutionsErrors((dir) => fs.writeFileSync(path.join(dir, "waste-to-charcoal.hi.json"), "{"))).toEqual([])
  })
})
