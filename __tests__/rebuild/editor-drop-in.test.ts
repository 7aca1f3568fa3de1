/**
 * What an editor does, on the real project: drop a new picture into
 * content/gallery/ and replace a product photo under its own name, then
 * rebuild (warm cache, as after any earlier build). The new picture appears
 * in the gallery with responsive sizes and a caption from its file name, and
 * the replaced photo is served anew, with no JSON or code edit. Everything is
 * put back and rebuilt afterwards, also when the test fails, and by the next
 * run when this one was killed (checkout-guard.ts).
 */
import fs from "fs"
import path from "path"
import sharp from "sharp"
import { JSDOM } from "jsdom"
import { checkoutGuard } from "../support/checkout-guard"
import { FIRST_SOLUTION, galleryFiles } from "../support/content"
import { gatsbyBuild } from "../support/gatsby-build"
import { ROOT, readContent } from "../support/serve"

jest.setTimeout(240_000)

const GALLERY = path.join(ROOT, "content/gallery")
const DROPPED = path.join(GALLERY, "zz-editor-upload_test.jpg")
/** The photo replaced: the last machine's, found on /product by its name */
const MACHINE = readContent<{ items: { title: string; image: string }[] }>("products/products.en.json").items.at(-1)!
const PRODUCT = path.join(ROOT, "content/products", MACHINE.image)
/** Saves the photo and notes the dropped file before they change, outside .cache/ (a build that finds its cache stale empties it); also puts back what a killed run left */
const guard = checkoutGuard(ROOT)
/** The gallery's pictures before the drop-in */
const PICTURES = galleryFiles()

const build = () => gatsbyBuild().seconds
const srcset = (source: Element | null | undefined) => source?.getAttribute("srcset")
const page = (route: string) => new JSDOM(fs.readFileSync(path.join(ROOT, "public", route, "index.html"), "utf8")).window.document
interface GalleryPicture {
  alt: string
  image: { childImageSharp: { gatsbyImageData: { images: { sources: { type: string; srcSet: string }[]; fallback?: { src: string; srcSet?: string } } } } }
}
/** The gallery's pictures in a page's data (public/page-data/<route>/page-data.json) */
const galleryData = (route: string) =>
  (
    JSON.parse(fs.readFileSync(path.join(ROOT, "public/page-data", route || "index", "page-data.json"), "utf8")) as {
      result: { data: { galleryJson: { pictures: GalleryPicture[] } } }
    }
  ).result.data.galleryJson.pictures
const productSrcset = () =>
  srcset(
    [...page("product").querySelectorAll(".product-card")]
      .find((card) => card.querySelector("h3")?.textContent === MACHINE.title)
      ?.querySelector("source[type='image/avif']"),
  )

afterAll(() => {
  guard.restore()
  build()
})

it("shows a dropped-in gallery picture and a replaced photo after a rebuild, with no JSON or code edit", async () => {
  const before = productSrcset()
  expect(before).toBeTruthy()
  guard.save(DROPPED, PRODUCT)
  await sharp(path.join(GALLERY, PICTURES[0]!)).flop().jpeg({ quality: 80 }).toFile(DROPPED)
  const photo = fs.readFileSync(PRODUCT)
  await sharp(photo).flop().jpeg({ quality: 80 }).toFile(PRODUCT)

  const seconds = build()
  console.log(`warm rebuild after adding one gallery picture and replacing one photo: ${seconds.toFixed(1)} s`)

  for (const route of ["", FIRST_SOLUTION.slice(1)]) {
    const items = [...page(route).querySelectorAll(".gallery .gallery__item")]
    expect(items).toHaveLength(PICTURES.length + 1)
    const last = items[items.length - 1] as Element
    expect(last.querySelector("figcaption")?.textContent).toBe("Zz editor upload test")
    // past the first `visible`, the server's row carries the caption only; the
    // carousel renders the picture from the page's data when it takes over
    const picture = galleryData(route).at(-1)!
    expect(picture.alt).toBe("Zz editor upload test")
    const images = picture.image.childImageSharp.gatsbyImageData.images
    expect(images.sources.find((source) => source.type === "image/avif")?.srcSet).toMatch(/zz-editor-upload_test\.avif 360w,[\s\S]+ 480w,[\s\S]+ 720w/)
    expect(images.fallback?.srcSet).toMatch(/zz-editor-upload_test\.webp 360w/)
  }
  const after = productSrcset()
  expect(after).toBeTruthy()
  expect(after).not.toBe(before)
})
