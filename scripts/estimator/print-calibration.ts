/**
 * Writes the calibration table into docs/estimator.md, between its
 * <!-- calibration --> markers, from the page's own content and arithmetic:
 * `npm run estimator:calibration` after a factor changes. The unit test
 * estimate-calibration fails while the docs print another table.
 */
import fs from "node:fs"
import path from "node:path"
import content from "../../content/estimate/estimate.en.json"
import type { EstimateModel } from "../../src/lib/estimate"
import { calibrationMarkdown, calibrationTable } from "./calibration"

const file = path.join(__dirname, "../../docs/estimator.md")
const start = "<!-- calibration -->"
const end = "<!-- /calibration -->"
const docs = fs.readFileSync(file, "utf8")
const from = docs.indexOf(start)
const to = docs.indexOf(end)
if (from < 0 || to < from) throw new Error(`docs/estimator.md has no ${start} … ${end} section to write the table into.`)
const table = calibrationMarkdown(calibrationTable(content as unknown as EstimateModel))
fs.writeFileSync(file, `${docs.slice(0, from + start.length)}\n${table}\n${docs.slice(to)}`)
console.log(`docs/estimator.md: the calibration table, ${table.split("\n").length - 2} plants.`)
