/**
 * The second step's factors and notes as docs/estimator.md lists them (a
 * Markdown table each), made from the English content: what each figure is,
 * its values, its source and year, and how sure it is.
 * `npx tsx scripts/estimator/economics-table.ts` prints them;
 * __tests__/unit/estimate-economics.test.ts fails while the docs differ.
 */
import content from "../../content/estimate/estimate.en.json"
import { citedYear, type Factor } from "../../src/lib/estimate"

const cite = (source: Factor["source"]) => `${source.publisher}, [${source.title}](${source.url}) (${citedYear(source)})`
const number = (value: number) => value.toLocaleString("en-IN", { maximumFractionDigits: 6 })

export function economicsTables(): string {
  const economic = content.factors.filter((factor) => "confidence" in factor && factor.confidence)
  const factors = [
    "| Factor | What | Low / typical / high | Unit | Source | How sure |",
    "|---|---|---|---|---|---|",
    ...economic.map(
      (factor) =>
        `| \`${factor.id}\` | ${factor.label} | ${number(factor.low)} / ${number(factor.typical)} / ${number(factor.high)} | ${factor.unit} | ${cite(factor.source)} | ${(factor as { confidence?: string }).confidence} |`,
    ),
  ]
  const notes = [
    "| Note | Says | Source | How sure |",
    "|---|---|---|---|",
    ...content.economics.notes.map(
      (note) =>
        `| \`${note.id}\` | ${note.text.replace(/\|/g, "\\|")} | ${"source" in note && note.source ? cite(note.source) : "none: it states an absence"} | ${("confidence" in note && note.confidence) || "–"} |`,
    ),
  ]
  return [...factors, "", ...notes].join("\n")
}

if (require.main === module) console.log(economicsTables())
