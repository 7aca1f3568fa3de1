/**
 * Editors' mistakes, each made in a fresh copy of the real content, must come
 * back as one clear line naming the file, the field and what to do.
 */
import fs from "fs"
import os from "os"
import path from "path"
import sharp from "sharp"
import { validateContent } from "../../src/content/validate-content"
import { LANGUAGES } from "../../src/lib/languages"

const CONTENT = path.resolve(__dirname, "../../content")

let dir: string
let root: string
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "site-"))
  dir = path.join(root, "content-copy")
  fs.cpSync(CONTENT, dir, { recursive: true })
})
afterEach(() => fs.rmSync(root, { recursive: true, force: true }))

const edit = (file: string, change: (data: Record<string, unknown>) => void) => {
  const target = path.join(dir, file)
  const data = JSON.parse(fs.readFileSync(target, "utf8")) as Record<string, unknown>
  change(data)
  fs.writeFileSync(target, JSON.stringify(data, null, 2))
}

const read = <T = Record<string, unknown>>(file: string) => JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as T
/** The English solution files, in the order the validation reads them */
const solutionFiles = () =>
  fs
    .readdirSync(path.join(dir, "solutions"))
    .filter((name) => name.endsWith(".en.json"))
    .sort()

const reportOf = async () => {
  const cwd = process.cwd()
  process.chdir(path.dirname(dir))
  try {
    const { errors, warnings } = await validateContent(dir)
    const named = (lines: string[]) => lines.map((line) => line.replaceAll(`${path.basename(dir)}/`, "content/"))
    return { errors: named(errors), warnings: named(warnings) }
  } finally {
    process.chdir(cwd)
  }
}
const errorsOf = async () => (await reportOf()).errors

describe("validateContent", () => {
  it("accepts the shipped content, warning only of gallery pictures that no entry describes", async () => {
    const { errors, warnings } = await reportOf()
    expect(errors).toEqual([])
    const described = new Set(read<{ items?: { image: string }[] }>("gallery/gallery.en.json").items?.map((item) => item.image))
    const undescribed = fs.readdirSync(path.join(dir, "gallery")).filter((name) => !/\.(json|md)$/.test(name) && !described.has(name))
    expect(warnings.map((warning) => warning.split(":")[0])).toEqual(undescribed.sort().map((name) => `content/gallery/${name}`))
  })

  it("names a missing required field", async () => {
    const last = read<{ cards: unknown[] }>("services/services.en.json").cards.length - 1
    edit("services/services.en.json", (data) => delete (data.cards as Record<string, unknown>[])[last]!.title)
    expect(await errorsOf()).toEqual([`content/services/services.en.json: cards[${last}].title is missing; it is required (text). Add "title".`])
  })

  it("names a field of the wrong kind", async () => {
    edit("products/products.en.json", (data) => ((data.items as Record<string, unknown>[])[0]!.delay = "fast"))
    expect(await errorsOf()).toEqual(['content/products/products.en.json: items[0].delay is "fast"; it should be a whole number.'])
  })

  it("names an image path that resolves to no file", async () => {
    const index = read<{ items?: unknown[] }>("gallery/gallery.en.json").items?.length ?? 0
    edit(
      "gallery/gallery.en.json",
      (data) => (data.items = [...((data.items as unknown[] | undefined) ?? []), { image: "gallery-99.jpg", title: "Missing", alt: "Missing" }]),
    )
    expect(await errorsOf()).toEqual([
      `content/gallery/gallery.en.json: items[${index}].image is "gallery-99.jpg", but there is no such file in content/gallery/. Add the file there or correct the name.`,
    ])
  })

  it("names a duplicate solution slug", async () => {
    const [first] = solutionFiles()
    const { slug } = read<{ slug: string }>(`solutions/${first}`)
    // a copy of the first solution under a later name: the same slug twice
    fs.copyFileSync(path.join(dir, "solutions", first!), path.join(dir, "solutions", "zz-copy.en.json"))
    fs.copyFileSync(path.join(dir, "solutions", first!.replace(".en.json", ".hi.json")), path.join(dir, "solutions", "zz-copy.hi.json"))
    expect(await errorsOf()).toEqual([
      `content/solutions/zz-copy.en.json: "slug" is "${slug}", which content/solutions/${first} already uses. Give each solution its own slug (it becomes the page's address).`,
    ])
  })

  it("names a solution slug that is not a clean path segment", async () => {
    const [first] = solutionFiles()
    edit(`solutions/${first}`, (data) => (data.slug = "Waste To A/"))
    expect(await errorsOf()).toEqual([
      `content/solutions/${first}: "slug" is "Waste To A/". Use lower-case letters, digits and single hyphens, e.g. "waste-to-electricity" (it becomes the page's address).`,
    ])
  })

  it("names a form's end page that is missing or has a bad path", async () => {
    edit("forms/forms.en.json", (data) => {
      const pages = data.pages as { id: string; path: string }[]
      pages.find((page) => page.id === "subscribe-pending")!.path = "check inbox"
      data.pages = pages.filter((page) => page.id !== "subscribe-confirmed")
    })
    expect(await errorsOf()).toEqual([
      'content/forms/forms.en.json: page "subscribe-pending" has "path": "check inbox". Use a path like "/thank-you": a leading slash, lower-case words and hyphens.',
      'content/forms/forms.en.json: "pages" has no entry with "id": "subscribe-confirmed". Add one (id, path, title, text, link); the forms end on it.',
    ])
  })

  it("names a team language the site does not have (the team's e-mails would have no words)", async () => {
    edit("forms/forms.en.json", (data) => (data.teamLanguage = "fr"))
    expect(await errorsOf()).toEqual([
      `content/forms/forms.en.json: "teamLanguage" is "fr", not one of the site's languages (${LANGUAGES.map((language) => language.code).join(", ")}). Give the code of the language the team reads its e-mails in.`,
    ])
  })

  it("names malformed JSON with its line and column", async () => {
    const file = path.join(dir, "recycle/recycle.en.json")
    // the comma after the first text value goes: the parser stops at the next line's first key
    const text = JSON.stringify(read("recycle/recycle.en.json"), null, 2)
    const comma = text.indexOf('",\n') + 1
    fs.writeFileSync(file, text.slice(0, comma) + text.slice(comma + 1))
    const line = text.slice(0, comma).split("\n").length + 1
    const [error] = await errorsOf()
    expect(error).toMatch(
      new RegExp(
        `^content/recycle/recycle\\.en\\.json: is not valid JSON at line ${line}, column 3 \\(.+\\)\\. Check for a missing comma, quote or bracket there\\.$`,
      ),
    )
  })

  it("names an unsupported image format", async () => {
    const last = read<{ items: unknown[] }>("products/products.en.json").items.length - 1
    fs.writeFileSync(path.join(dir, "products/machine.gif"), "GIF89a")
    edit("products/products.en.json", (data) => ((data.items as Record<string, unknown>[])[last]!.image = "machine.gif"))
    expect(await errorsOf()).toEqual([
      `content/products/products.en.json: items[${last}].image is "machine.gif", a .gif; use .jpg, .jpeg, .png, .webp, .avif here.`,
    ])
  })

  it("names an image far too small for where it is shown", async () => {
    // a new file of its own, which nothing else names
    const poster = "small-poster.jpg"
    await sharp({ create: { width: 640, height: 360, channels: 3, background: "#1f4d36" } })
      .jpeg()
      .toFile(path.join(dir, "hero", poster))
    // a shared field: the editor (or the CMS, which duplicates it) changes it in every language
    for (const { code } of LANGUAGES) edit(`hero/hero.${code}.json`, (data) => ((data.slides as Record<string, unknown>[])[0]!.poster = poster))
    expect(await errorsOf()).toEqual([
      `content/hero/hero.en.json: slides[0].poster "${poster}" is 640 px wide, far too small for where it is shown (full width behind the hero (up to 1920 px)); use a picture at least 1280 px wide.`,
    ])
  })
})

describe("gatsby-node onPreBootstrap", () => {
  it("stops the build with every problem listed, naming file and field", async () => {
    edit("services/services.en.json", (data) => delete (data.cards as Record<string, unknown>[])[0]!.description)
    const cwd = process.cwd()
    process.chdir(path.dirname(dir))
    fs.renameSync(dir, path.join(path.dirname(dir), "content"))
    dir = path.join(path.dirname(dir), "content")
    try {
      const reporter = { panicOnBuild: jest.fn(), warn: jest.fn() }
      await jest.isolateModulesAsync(async () => {
        const { onPreBootstrap } = await import("../../gatsby-node")
        await (onPreBootstrap as (args: unknown) => Promise<void>)({ reporter })
      })
      expect(reporter.panicOnBuild).toHaveBeenCalledWith(
        'The content has 1 problem to fix:\n  - content/services/services.en.json: cards[0].description is missing; it is required (text). Add "description".',
      )
    } finally {
      process.chdir(cwd)
    }
  })
})

describe("pictures dropped into the gallery folder", () => {
  it("are checked too: format and size", async () => {
    fs.writeFileSync(path.join(dir, "gallery/animation.gif"), "GIF89a")
    await sharp({ create: { width: 200, height: 150, channels: 3, background: "#6bbf3b" } })
      .png()
      .toFile(path.join(dir, "gallery/tiny.png"))
    expect(await errorsOf()).toEqual([
      'content/gallery/animation.gif: this picture is "animation.gif", a .gif; use .jpg, .jpeg, .png, .webp, .avif here.',
      'content/gallery/tiny.png: this picture "tiny.png" is 200 px wide, far too small for where it is shown (480 px wide); use a picture at least 480 px wide.',
    ])
  })
})

describe("photos as phones and cameras name and make them", () => {
  it("stops at an iPhone's HEIC with one line saying to export it as JPEG", async () => {
    fs.writeFileSync(path.join(dir, "gallery/IMG_0042.HEIC"), Buffer.from("000000186674797068656963", "hex"))
    expect(await errorsOf()).toEqual([
      'content/gallery/IMG_0042.HEIC: this picture is "IMG_0042.HEIC", a HEIC/HEIF picture (an iPhone\'s photo format), which the build cannot read; export it as JPEG (on the iPhone: share it with Options › Most Compatible, or set Settings › Camera › Formats to Most Compatible) and use the .jpg.',
    ])
  })

  it("names a picture that is cut off (a copy or upload that did not finish), dropped into the gallery or named by an entry", async () => {
    // a camera photo cut off halfway, as an interrupted copy leaves it: its header (size, format) is whole
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#556b2f", noise: { type: "gaussian", mean: 110, sigma: 35 } } })
      .jpeg()
      .toBuffer()
    fs.writeFileSync(path.join(dir, "gallery/IMG_2001.JPG"), photo.subarray(0, photo.length / 2))
    const product = read<{ items: { image: string }[] }>("products/products.en.json").items[0]!.image
    const bytes = fs.readFileSync(path.join(dir, "products", product))
    fs.writeFileSync(path.join(dir, "products", product), bytes.subarray(0, bytes.length - 200))
    expect(await errorsOf()).toEqual([
      'content/gallery/IMG_2001.JPG: this picture "IMG_2001.JPG" is cut off: the file ends before the picture does (a copy or upload that did not finish); copy or export it again.',
      `content/products/products.en.json: items[0].image "${product}" is cut off: the file ends before the picture does (a copy or upload that did not finish); copy or export it again.`,
    ])
  })

  it("names a picture damaged inside a whole file, which only reading its data to the end finds", async () => {
    // a camera-size photo, so that the check reads it at a small scale (JPEG's 1/8), with a run of 0xFF bytes a third
    // of the way in (a marker where data should be); it still ends with its end marker, and its header is whole
    const photo = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: "#556b2f", noise: { type: "gaussian", mean: 110, sigma: 35 } } })
      .jpeg()
      .toBuffer()
    photo.fill(0xff, Math.floor(photo.length / 3), Math.floor(photo.length / 3) + 256)
    fs.writeFileSync(path.join(dir, "gallery/IMG_2002.JPG"), photo)
    expect(await sharp(photo).metadata()).toMatchObject({ width: 3000, height: 2000 })
    expect(await errorsOf()).toEqual([
      'content/gallery/IMG_2002.JPG: this picture "IMG_2002.JPG" is damaged: its data cannot be read to the end; export it again.',
    ])
  })

  it("remembers the pictures found whole, and reads a picture again once it has changed", async () => {
    const kept = path.join(root, "content-pictures.json")
    const cwd = process.cwd()
    process.chdir(root)
    try {
      expect((await validateContent(dir, kept)).errors).toEqual([])
      expect(Object.keys(JSON.parse(fs.readFileSync(kept, "utf8")) as object).length).toBeGreaterThan(10)
      const bytes = fs.readFileSync(path.join(dir, "about/about.jpg"))
      fs.writeFileSync(path.join(dir, "about/about.jpg"), bytes.subarray(0, bytes.length / 2))
      expect((await validateContent(dir, kept)).errors.join("\n")).toMatch(/"about\.jpg" is cut off/)
    } finally {
      process.chdir(cwd)
    }
  })

  it("reads again a picture damaged in place with its size, modification time and inode kept", async () => {
    const kept = path.join(root, "content-pictures.json")
    const picture = path.join(dir, "gallery/gallery-03.jpg")
    const cwd = process.cwd()
    process.chdir(root)
    try {
      expect((await validateContent(dir, kept)).errors).toEqual([])
      const before = fs.statSync(picture)
      // written into the same file (same inode, same size), its times then set back as they were
      const handle = fs.openSync(picture, "r+")
      try {
        fs.writeSync(handle, Buffer.alloc(256, 0xff), 0, 256, Math.floor(before.size / 3))
      } finally {
        fs.closeSync(handle)
      }
      fs.utimesSync(picture, before.atimeMs / 1000, before.mtimeMs / 1000)
      const after = fs.statSync(picture)
      expect([after.size, after.mtimeMs, after.ino]).toEqual([before.size, before.mtimeMs, before.ino])
      expect((await validateContent(dir, kept)).errors).toEqual([
        'content-copy/gallery/gallery-03.jpg: this picture "gallery-03.jpg" is damaged: its data cannot be read to the end; export it again.',
        'content-copy/gallery/gallery.en.json: items[2].image "gallery-03.jpg" is damaged: its data cannot be read to the end; export it again.',
      ])
    } finally {
      process.chdir(cwd)
    }
  })

  it("names a picture whose data is not a picture it can read", async () => {
    fs.writeFileSync(path.join(dir, "gallery/saved-page.jpg"), "<!doctype html><title>Photo</title>")
    expect(await errorsOf()).toEqual([
      'content/gallery/saved-page.jpg: this picture "saved-page.jpg" cannot be read as an image; export it again as .jpg, .jpeg, .png, .webp, .avif.',
    ])
  })

  it("takes an upper-case extension and a name with spaces and accents, and lists each picture without a written alt text", async () => {
    const photo = (name: string) =>
      sharp({ create: { width: 640, height: 480, channels: 3, background: "#8a6d3b" } })
        .jpeg()
        .toFile(path.join(dir, "gallery", name))
    await photo("IMG_1234.JPG")
    await photo("Chaudière à biomasse été.jpeg")
    const described = {
      en: { image: "Chaudière à biomasse été.jpeg", title: "Biomass boiler", alt: "A biomass boiler in a plant room" },
      hi: { image: "Chaudière à biomasse été.jpeg", title: "बायोमास बॉयलर", alt: "एक प्लांट रूम में बायोमास बॉयलर" },
    }
    // every language describes it (a language without its own words here reuses the English, which its check allows)
    for (const { code } of LANGUAGES)
      edit(`gallery/gallery.${code}.json`, (data) => (data.items = [...(data.items as unknown[]), described[code as keyof typeof described] ?? described.en]))
    const { errors, warnings } = await reportOf()
    expect(errors).toEqual([])
    expect(warnings.filter((warning) => /IMG_1234|Chaudière/.test(warning))).toEqual([
      'content/gallery/IMG_1234.JPG: no entry in gallery.en.json describes this picture, so its alt text is made from its file name ("IMG 1234"), which tells a screen reader little. Add an entry with "image": "IMG_1234.JPG", an "alt" saying what it shows and a "title" (or fill them in the CMS).',
    ])
  })
})

describe("validateContent: the estimator's factors (content/estimate/estimate.en.json)", () => {
  const FILE = "estimate/estimate.en.json"
  type Estimate = {
    factors: Record<string, unknown>[]
    streams: (Record<string, unknown> & { plants?: Record<string, unknown>[] })[]
    solutions: { machines: string[] }[]
    shared: Record<string, string>
  }
  const factorIndex = (id: string) => read<Estimate>(FILE).factors.findIndex((factor) => factor.id === id)

  it("rejects a factor whose low, typical and high are out of order", async () => {
    const index = factorIndex("rice-husk-lhv-dry")
    edit(FILE, (data) => Object.assign((data as unknown as Estimate).factors[index]!, { low: 15, typical: 14.72 }))
    expect(await errorsOf()).toEqual([
      `content/estimate/estimate.en.json: factors[${index}] ("rice-husk-lhv-dry") has "low": 15 above "typical": 14.72. Put the values in order: low ≤ typical ≤ high.`,
    ])
  })

  it("rejects a factor without a unit, without a source or with a value that is not a number", async () => {
    const index = factorIndex("docf")
    edit(FILE, (data) => Object.assign((data as unknown as Estimate).factors[index]!, { unit: " " }))
    expect(await errorsOf()).toEqual([`content/estimate/estimate.en.json: factors[${index}] ("docf") has no unit. Say what the numbers are in (e.g. "MJ/kg").`])
    edit(FILE, (data) => {
      const factor = (data as unknown as Estimate).factors[index]!
      factor.unit = "fraction"
      delete factor.source
    })
    expect(await errorsOf()).toEqual([`content/estimate/estimate.en.json: factors[${index}].source is missing; it is required (an object). Add "source".`])
    edit(FILE, (data) => {
      const factor = (data as unknown as Estimate).factors[index]!
      factor.source = { title: "T", publisher: "", year: 2024, url: "https://example.org" }
      factor.high = "0.5"
    })
    expect(await errorsOf()).toEqual([
      `content/estimate/estimate.en.json: factors[${index}].high is "0.5"; it should be a number.`,
      `content/estimate/estimate.en.json: factors[${index}] ("docf") has no source publisher. Every figure needs its published source.`,
    ])
  })

  it("names a factor id that no factor has, and a machine the Products page does not list", async () => {
    edit(FILE, (data) => {
      const estimate = data as unknown as Estimate
      estimate.streams[0]!.plants![0]!.efficiency = "no-such-factor"
      estimate.shared.gridEmission = "grid-ef-mars"
      estimate.solutions[0]!.machines.push("Flux Capacitor")
      // a machine the content's own first line names (renamed where other content renames it), and one that does not exist
      estimate.streams[2]!.machines = [estimate.solutions[0]!.machines[0]!, "Warp Drive"]
    })
    expect(await errorsOf()).toEqual([
      `content/estimate/estimate.en.json: streams[0] ("municipal-waste").plants[0].efficiency names the factor "no-such-factor", which is not in "factors". Add it or fix the id.`,
      `content/estimate/estimate.en.json: shared.gridEmission names the factor "grid-ef-mars", which is not in "factors". Add it or fix the id.`,
      `content/estimate/estimate.en.json: solutions[0].machines names "Flux Capacitor", which is not a machine of content/products/products.en.json. Use its title there.`,
      `content/estimate/estimate.en.json: streams[2] ("hospital-waste").machines names "Warp Drive", which is not a machine of content/products/products.en.json. Use its title there.`,
    ])
  })

  it("the second step: a factor or note its streams name that does not exist, a confidence not among the three, a cap with no rate", async () => {
    const tariff = factorIndex("msw-tariff")
    edit(FILE, (data) => {
      const estimate = data as unknown as Omit<Estimate, "shared"> & {
        economics: { notes: { id: string; confidence?: string | null }[] }
        shared: Record<string, unknown>
      }
      estimate.streams[0]!.tariff = "tariff-on-mars"
      estimate.streams[0]!.economicsNotes = ["must-buy", "no-such-note"]
      estimate.shared.economicsNotes = ["scheme-period", "lost-note"]
      estimate.streams[2]!.supportCap = "mnre-support-cap"
      estimate.factors[tariff]!.confidence = "probably"
      estimate.economics.notes.find((note) => note.id === "must-buy")!.confidence = null
    })
    // the Hindi file, which repeats these shared values, is named too (the translation check): only the English file's are asserted here
    expect(await errorsOf()).toEqual(
      expect.arrayContaining([
        `content/estimate/estimate.en.json: factors[${tariff}] ("msw-tariff") has the confidence "probably"; use one of primary, summary, reported.`,
        `content/estimate/estimate.en.json: economics.notes[0] ("must-buy") cites a source but says not how sure it is: give it a confidence (primary, summary, reported).`,
        `content/estimate/estimate.en.json: shared.economicsNotes names the note "lost-note", which is not in "economics.notes". Add it or fix the id.`,
        `content/estimate/estimate.en.json: streams[0] ("municipal-waste").tariff names the factor "tariff-on-mars", which is not in "factors". Add it or fix the id.`,
        `content/estimate/estimate.en.json: streams[0] ("municipal-waste").economicsNotes names the note "no-such-note", which is not in "economics.notes". Add it or fix the id.`,
        `content/estimate/estimate.en.json: streams[2] ("hospital-waste") has a supportCap but no supportRate: the cap holds a rate down.`,
      ]),
    )
  })
})
