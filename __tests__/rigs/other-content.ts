/**
 * Proves the tests read the content instead of pinning the sample: copies the
 * project's tracked files into a temporary folder, gives the copy different
 * content (new copy in several places, one gallery picture more, a fourth
 * solution, photos as cameras and phones make them: other-content-photos.ts,
 * and a third language added by content and one line of configuration:
 * third-language.ts), builds it, checks the photos and the third language's
 * pages as built, and runs the unit and build tests and the page-chrome
 * browser test there. They must pass as they do on the sample
 * content.
 *
 * The project's own public/, .cache/ and node_modules are never written: the
 * copy has its own, with each package linked from the project's node_modules.
 * The folder is removed at the end (keep it with --keep to look inside).
 *
 * Usage: npm run test:other-content [-- --keep] [-- --no-browser]
 */
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import sharp from "sharp"
import { copyTrackedFiles, linkNodeModules } from "../support/project-copy"
import { LANGUAGES } from "../../src/lib/languages"
import { addOddPhotos, checkOddPhotos } from "./other-content-photos"
import { addPseudoLanguage, checkPseudoLanguage } from "./third-language"

const keep = process.argv.includes("--keep")
const withBrowser = !process.argv.includes("--no-browser")
/** Each step's limit; a cold build takes about 2.5 min on a busy 2-core machine */
const LIMITS = { build: 8 * 60_000, jest: 8 * 60_000 }

type Json = Record<string, unknown>
/** What the built gallery must show of the photos added to it (other-content-photos.ts) */
const expectations: Parameters<typeof checkOddPhotos>[1] = []
interface Step {
  name: string
  seconds: number
  ok: boolean
}

function seconds(since: bigint): number {
  return Number(process.hrtime.bigint() - since) / 1e9
}

function editJson(content: string, file: string, change: (data: Json) => void): void {
  const target = path.join(content, file)
  const data = JSON.parse(fs.readFileSync(target, "utf8")) as Json
  change(data)
  fs.writeFileSync(target, `${JSON.stringify(data, null, 2)}\n`)
}

/** An editor's other content: each change is one docs/content.md allows without touching code. */
async function otherContent(content: string): Promise<string[]> {
  const changes: string[] = []
  editJson(content, "hero/hero.en.json", (hero) => {
    const [first] = hero.slides as Json[]
    first!.mainHeading = "Electricity From the Town's Own Refuse"
  })
  changes.push("hero: the first slide's heading")

  let renamed = ""
  // a machine's name is shared by every language (as the CMS writes it): each language's file gets it
  for (const language of LANGUAGES) {
    editJson(content, `products/products.${language.code}.json`, (products) => {
      const [first] = products.items as Json[]
      renamed = first!.title as string
      first!.title = "Inclined Feed Conveyor"
    })
    // the estimator names the machines each line uses: the validation asks for the new name there too
    editJson(content, `estimate/estimate.${language.code}.json`, (estimate) => {
      // a solution's line, and a stream's own line where it has one (hospital waste)
      for (const line of [...(estimate.solutions as { machines: string[] }[]), ...(estimate.streams as { machines?: string[] }[])]) {
        if (line.machines) line.machines = line.machines.map((machine) => (machine === renamed ? "Inclined Feed Conveyor" : machine))
      }
    })
  }
  changes.push("products: the first machine's name (and where the estimator names it), in every language")

  editJson(content, "services/services.en.json", (services) => {
    const [first] = services.cards as Json[]
    first!.title = "Municipal Refuse Handling"
  })
  changes.push("services: the first card's title")

  editJson(content, "about/about.en.json", (about) => {
    about.title = "Engineers of the Whole Waste Chain"
    about.paragraphs = [
      "We plan, build and service the lines that take a town's or a farm's waste from the tipping floor to a saleable product.",
      "One team answers for every machine, from the first screen to the last separator.",
    ]
  })
  changes.push("about: title and text")

  // no item in gallery.json: its caption comes from the file name, and it sorts last
  const gallery = path.join(content, "gallery")
  await sharp(path.join(gallery, "gallery-03.jpg")).flop().modulate({ hue: 60 }).toFile(path.join(gallery, "kiln-yard_02.jpg"))
  changes.push("gallery: one picture more (kiln-yard_02.jpg, captioned from its name)")
  const photos = await addOddPhotos(gallery)
  changes.push(...photos.changes)
  expectations.push(...photos.expectations)

  const solutions = path.join(content, "solutions")
  const base = JSON.parse(fs.readFileSync(path.join(solutions, "waste-to-electricity.en.json"), "utf8")) as Json
  const howItWorks = base.howItWorks as { steps: Json[] } & Json
  const fourth: Json = {
    ...base,
    slug: "waste-to-heat",
    order: 4,
    title: "Waste to Heat",
    breadcrumb: "Waste to Heat",
    description: "Turn sorted combustible waste into hot water and process steam for district heating networks and the plants next door.",
    summary: "Combustible waste becomes heat for a district network or a neighbouring plant.",
    intro: {
      eyebrow: "Waste to Heat",
      title: "Heat Where It Is Needed",
      paragraphs: [
        "Not every site needs electricity: many need steady heat. This route feeds prepared fuel to a boiler that supplies a heating network.",
        "The boiler runs at 95–110 °C flow temperature, and about 3 in 4 parts of the fuel's energy reach the network as heat.",
      ],
    },
    howItWorks: {
      ...howItWorks,
      title: "From Refuse to Heat",
      intro: "Three stages take prepared fuel to the heating network.",
      steps: howItWorks.steps.map((step, index) => ({
        ...step,
        id: `heat-step-${index + 1}`,
        title: ["Fuel Preparation", "Boiler Firing", "Heat Delivery"][index] ?? `Stage ${index + 1}`,
        description: `Stage ${index + 1} of the heat route: the fuel is ${["screened and dried", "burnt in a grate boiler", "handed to the network through a heat exchanger"][index] ?? "handled"}.`,
      })),
    },
  }
  fs.writeFileSync(path.join(solutions, "waste-to-heat.en.json"), `${JSON.stringify(fourth, null, 2)}\n`)
  // and its Hindi text: the build refuses a solution without it
  const hindiBase = JSON.parse(fs.readFileSync(path.join(solutions, "waste-to-electricity.hi.json"), "utf8")) as Json
  const hindiSteps = (hindiBase.howItWorks as { steps: Json[] }).steps
  const hindi: Json = {
    ...hindiBase,
    slug: fourth.slug,
    order: fourth.order,
    title: "अपशिष्ट से ऊष्मा",
    breadcrumb: "अपशिष्ट से ऊष्मा",
    description: "छँटे हुए ज्वलनशील अपशिष्ट से डिस्ट्रिक्ट हीटिंग नेटवर्क और पास के प्लांटों के लिए गर्म पानी और प्रोसेस भाप बनाइए।",
    summary: "ज्वलनशील अपशिष्ट किसी हीटिंग नेटवर्क या पड़ोसी प्लांट के लिए ऊष्मा बनता है।",
    intro: {
      eyebrow: "अपशिष्ट से ऊष्मा",
      title: "जहाँ ज़रूरत है, वहाँ ऊष्मा",
      paragraphs: [
        "हर साइट को बिजली नहीं चाहिए: बहुतों को स्थिर ऊष्मा चाहिए। यह मार्ग तैयार ईंधन को एक बॉयलर तक पहुँचाता है जो हीटिंग नेटवर्क को ऊष्मा देता है।",
        "बॉयलर 95–110 °C पर चलता है, और ईंधन की ऊर्जा के लगभग 4 में से 3 भाग नेटवर्क तक ऊष्मा के रूप में पहुँचते हैं।",
      ],
    },
    howItWorks: {
      ...(hindiBase.howItWorks as Json),
      title: "अपशिष्ट से ऊष्मा तक",
      intro: "तीन चरण तैयार ईंधन को हीटिंग नेटवर्क तक ले जाते हैं।",
      steps: howItWorks.steps.map((step, index) => ({
        ...hindiSteps[index],
        id: `heat-step-${index + 1}`,
        icon: step.icon,
        title: ["ईंधन की तैयारी", "बॉयलर में दहन", "ऊष्मा की आपूर्ति"][index] ?? `चरण ${index + 1}`,
        description: ["ईंधन को छाना और सुखाया जाता है।", "ईंधन ग्रेट बॉयलर में जलता है।", "हीट एक्सचेंजर से ऊष्मा नेटवर्क को दी जाती है।"][index] ?? `चरण ${index + 1}`,
      })),
    },
  }
  fs.writeFileSync(path.join(solutions, "waste-to-heat.hi.json"), `${JSON.stringify(hindi, null, 2)}\n`)
  changes.push("solutions: a fourth solution, /waste-to-heat and /hi/waste-to-heat (order 4)")
  return changes
}

function run(name: string, args: string[], cwd: string, timeout: number, steps: Step[]): boolean {
  console.log(`\n── ${name}: ${args.map((arg) => (path.isAbsolute(arg) ? path.relative(cwd, arg) : arg)).join(" ")}`)
  const started = process.hrtime.bigint()
  const result = spawnSync(process.execPath, args, {
    cwd,
    stdio: "inherit",
    timeout,
    killSignal: "SIGKILL",
    env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1", CI: "1" },
  })
  const ok = result.status === 0
  const step = { name, seconds: seconds(started), ok }
  steps.push(step)
  if (result.error || result.signal) console.error(`${name}: ${result.error?.message ?? `stopped by ${result.signal}`} (limit ${timeout / 1000} s)`)
  console.log(`── ${name}: ${ok ? "passed" : "FAILED"} in ${step.seconds.toFixed(1)} s`)
  return ok
}

/** The photos as cameras and phones make them, as the build shows them: the right way up, in sRGB, without camera metadata */
async function checkPhotos(dir: string, steps: Step[]): Promise<boolean> {
  console.log("\n── photos from cameras and phones: the built gallery pictures")
  const started = process.hrtime.bigint()
  const { problems, summary } = await checkOddPhotos(dir, expectations)
  problems.forEach((problem) => console.error(`  ${problem}`))
  const ok = problems.length === 0
  steps.push({ name: "photos", seconds: seconds(started), ok })
  console.log(`── photos: ${ok ? "passed" : "FAILED"} (${summary}${ok ? "" : `, ${problems.length} problems`})`)
  return ok
}

/** The third language's pages, as built (third-language.ts) */
function checkThirdLanguage(dir: string, steps: Step[]): boolean {
  console.log("\n── a third language added by content and configuration: its pages as built")
  const started = process.hrtime.bigint()
  const { problems, summary } = checkPseudoLanguage(dir)
  problems.forEach((problem) => console.error(`  ${problem}`))
  const ok = problems.length === 0
  steps.push({ name: "third language", seconds: seconds(started), ok })
  console.log(`── third language: ${ok ? "passed" : "FAILED"} (${summary}${ok ? "" : `, ${problems.length} problems`})`)
  return ok
}

async function main(): Promise<number> {
  const started = process.hrtime.bigint()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "other-content-"))
  const steps: Step[] = []
  const stop = () => {
    if (!keep) fs.rmSync(dir, { recursive: true, force: true })
    process.exit(130)
  }
  process.once("SIGINT", stop)
  process.once("SIGTERM", stop)
  try {
    const files = copyTrackedFiles(dir)
    linkNodeModules(dir)
    const changes = await otherContent(path.join(dir, "content"))
    // a third language, added as docs/languages.md says: its content and one line of src/lib/languages.ts
    changes.push(addPseudoLanguage(dir))
    console.log(`Copied ${files} tracked files to ${dir}; its content differs from the project's in:\n${changes.map((change) => `  - ${change}`).join("\n")}`)

    const jest = path.join(dir, "node_modules/jest/bin/jest.js")
    const ok =
      run("gatsby build", [path.join(dir, "node_modules/gatsby/cli.js"), "build"], dir, LIMITS.build, steps) &&
      (await checkPhotos(dir, steps)) &&
      checkThirdLanguage(dir, steps) &&
      run("unit and build tests", [jest, "--ci", "--selectProjects", "unit", "build"], dir, LIMITS.jest, steps) &&
      (!withBrowser ||
        run(
          "browser test page-chrome",
          [jest, "--ci", "__tests__/browser/page-chrome.test.ts", "--selectProjects", "browser", "--runInBand"],
          dir,
          LIMITS.jest,
          steps,
        ))
    console.log(
      `\nOther content: ${ok ? "every suite passed" : "a suite FAILED"} in ${seconds(started).toFixed(0)} s (${steps.map((step) => `${step.name} ${step.seconds.toFixed(0)} s`).join(", ")})`,
    )
    return ok ? 0 : 1
  } finally {
    if (keep) console.log(`Kept ${dir}`)
    else fs.rmSync(dir, { recursive: true, force: true })
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  },
)
