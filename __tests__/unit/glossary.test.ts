/**
 * Every translated content file against its language's glossary
 * (docs/<language>-glossary.md): no term the glossary rejects (चार for
 * char, विस्थापित, टर्बाइन, "t" before a Hindi word...), no Latin-letter word
 * beyond the names, units and sources the glossary keeps in English, and no
 * text left equal to its English source. Each problem is one line naming the
 * file and the key. A language without a glossary (the third-language rig's)
 * is held to the last rule only.
 */
import fs from "node:fs"
import path from "node:path"
import { contentTypes } from "../../src/content/folders"
import { englishName, translationFiles } from "../../src/content/translations"
import { TRANSLATED } from "../../src/lib/languages"
import { allowedWords, glossaryFile, glossaryProblems, rejectedTerms, type Rules } from "../support/glossary"

const ROOT = path.join(__dirname, "..", "..")

/** A language's rules, from its glossary where it has one */
function rulesFor(languageName: string): Rules {
  const glossary = glossaryFile(ROOT, languageName)
  const allowed = allowedWords(ROOT, glossary)
  return { rejected: glossary ? rejectedTerms(glossary) : [], glossaryWords: glossary ? allowed : undefined, allowed }
}

const read = (file: string) => JSON.parse(fs.readFileSync(file, "utf8")) as unknown

describe.each(TRANSLATED.map((language) => [language.name, language.code] as const))("the %s content files", (name, code) => {
  const rules = rulesFor(name)

  it("keep to the glossary: no rejected term, no English but names, units and sources, nothing left untranslated", () => {
    const problems: string[] = []
    for (const { folder, type } of contentTypes(path.join(ROOT, "content"))) {
      const dir = path.join(ROOT, "content", folder)
      for (const file of translationFiles(dir).filter((entry) => entry.endsWith(`.${code}.json`))) {
        const relative = `content/${folder}/${file}`
        problems.push(...glossaryProblems(relative, read(path.join(dir, englishName(file))), read(path.join(dir, file)), type, rules))
      }
    }
    expect(problems).toEqual([])
  })
})

describe("the Hindi glossary's check", () => {
  const rules = rulesFor("Hindi")
  const type = contentTypes(path.join(ROOT, "content")).find(({ folder }) => folder === "estimate")!.type
  const file = "content/estimate/estimate.hi.json"
  const english = read(path.join(ROOT, "content/estimate/estimate.en.json")) as { results: Record<string, unknown>; factors: { label: string }[] }
  const hindi = () => read(path.join(ROOT, file)) as { results: Record<string, unknown>; factors: { label: string; note?: string }[] }
  /** The problems a change brings to the Hindi file (not those it may have already: the file's own check is above) */
  const problemsWith = (change: (data: ReturnType<typeof hindi>) => void) => {
    const before = new Set(glossaryProblems(file, english, hindi(), type, rules))
    const data = hindi()
    change(data)
    return glossaryProblems(file, english, data, type, rules).filter((problem) => !before.has(problem))
  }

  it("reads the glossary's rejected terms, with what to write instead", () => {
    expect(rules.rejected.map((rule) => rule.term)).toEqual(expect.arrayContaining(["चार", "विस्थापित", "टर्बाइन"]))
    expect(rules.rejected.every((rule) => rule.instead && rule.why)).toBe(true)
  })

  it("names the file and key of each text the review found wrong (the site's Hindi before issue 50)", () => {
    expect(
      problemsWith((data) => {
        data.results.alternatives = "चारकोल और बायोचार एक ही चार हैं, जो ईंधन के रूप में बेचा जाता है या मिट्टी में डाला जाता है।"
        data.results.plantTooLarge = "यह उससे अधिक है जितना सबसे बड़ा अपशिष्ट से ऊर्जा प्लांट जलाता है ({largest} t प्रति दिन)।"
        data.factors[0]!.label = "विस्थापित ग्रिड बिजली, स्टीम टर्बाइन, नमी {moisture} %"
      }),
    ).toEqual([
      expect.stringMatching(/^content\/estimate\/estimate\.hi\.json: results\.alternatives has "चार" \(चार\): write कार्बनीकृत ठोस/),
      expect.stringMatching(/^content\/estimate\/estimate\.hi\.json: results\.plantTooLarge has "प्रति दिन"/),
      expect.stringMatching(/results\.plantTooLarge has "बड़ा अपशिष्ट से ऊर्जा"/),
      expect.stringMatching(/results\.plantTooLarge has "t " .*write टन/),
      expect.stringMatching(/^content\/estimate\/estimate\.hi\.json: factors\[0\]\.label has "विस्थापित"/),
      expect.stringMatching(/factors\[0\]\.label has "टर्बाइन"/),
      expect.stringMatching(/factors\[0\]\.label has "} %"/),
    ])
  })

  it("names English left in a Hindi text, but passes names, units, sources and placeholders", () => {
    expect(problemsWith((data) => (data.factors[1]!.note = "undated web page, read 2026: Husk Power Systems, 32 kW, {value} MJ/kg, IPCC"))).toEqual([
      `${file}: factors[1].note has Latin-letter words the glossary does not keep in English: undated, web, page, read`,
    ])
  })

  it("names a text left equal to its English, and passes one that is only names or figures", () => {
    expect(problemsWith((data) => (data.factors[2]!.label = english.factors[2]!.label))).toEqual([
      expect.stringMatching(/^content\/estimate\/estimate\.hi\.json: factors\[2\]\.label has Latin-letter words/),
      expect.stringMatching(/^content\/estimate\/estimate\.hi\.json: factors\[2\]\.label is its English text, untranslated: "/),
    ])
    // a reference's pattern is the same in both languages: placeholders only
    expect(problemsWith((data) => (data.results.printReference = english.results.printReference))).toEqual([])
  })
})
