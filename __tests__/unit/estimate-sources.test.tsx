/**
 * A factor's source as both languages cite it: the publication's own title
 * and publisher (shared, one value for every language), and how we read it
 * ("a copy", "data sheets (updated June 2022)") in the page's language
 * after the year, so no English note of ours shows on the Hindi page (the
 * Hindi review's I14).
 */
import { createElement } from "react"
import { render } from "@testing-library/react"
import english from "../../content/estimate/estimate.en.json"
import hindi from "../../content/estimate/estimate.hi.json"
import { EstimateMethod, type EstimateMethodCopy } from "../../src/components/blocks/EstimateMethod"
import { LanguageContext } from "../../src/hooks/use-language"
import type { EstimateModel } from "../../src/lib/estimate"

type Source = { title: string; publisher: string; year: number; url: string; access?: string }
const sources = (file: { factors: { id: string; source: Source }[] }) => file.factors.map((factor) => [factor.id, factor.source] as const)

// the words our own notes on a source were written in, before they moved to `access`
const OUR_WORDS = /\bcopy\b|\bread 20\d\d\b|\bundated\b|\bdata sheets\b|\bvalues from\b|\breporting\b|\bon (?:Scribd|Sambuz)\b|architects/i

describe("a factor's source", () => {
  it("keeps the publication's own title and publisher, with how we read it in a field of its own", () => {
    const annotated = sources(english).filter(([, source]) => OUR_WORDS.test(`${source.title} ${source.publisher}`))
    expect(annotated).toEqual([])
    // the same sources in Hindi, each note of ours translated
    for (const [[id, en], [, hi]] of sources(english).map((entry, index) => [entry, sources(hindi)[index]!] as const)) {
      expect([id, hi.title, hi.publisher, hi.url]).toEqual([id, en.title, en.publisher, en.url])
      expect([id, Boolean(hi.access)]).toEqual([id, Boolean(en.access)])
      if (en.access) expect([id, hi.access]).not.toEqual([id, en.access])
    }
    expect(sources(english).filter(([, source]) => source.access).length).toBeGreaterThan(0)
  })

  it("is cited on the Hindi page with the year and how we read it in Hindi, and no English note of ours", () => {
    const [id, source] = sources(hindi).find(([, entry]) => entry.access)!
    const { container } = render(
      createElement(
        LanguageContext.Provider,
        { value: "hi" },
        createElement(EstimateMethod, { data: hindi as unknown as EstimateMethodCopy, model: hindi as EstimateModel }),
      ),
    )
    const row = container.querySelector(`[id="factor-${id}"]`) ?? [...container.querySelectorAll("tr")].find((tr) => tr.textContent?.includes(source.title))
    expect(row?.textContent).toContain(`${source.title} (${source.year}, ${source.access})`)
    const inEnglish = sources(english).find(([key]) => key === id)![1]
    expect(container.textContent).not.toContain(inEnglish.access)
  })
})
