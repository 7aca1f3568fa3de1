import { galleryPictures, readableName } from "../../src/content/gallery"

const file = (base: string) => ({ base, name: base.replace(/\.[^.]+$/, ""), extension: base.split(".").pop() as string })

describe("galleryPictures", () => {
  it("shows every image file in file-name order, titled from its entry or its name", () => {
    const pictures = galleryPictures(
      [file("b-kiln.jpg"), file("notes.txt"), file("a-line.png"), file("c_new_photo.webp"), file("10-last.jpg"), file("9-before.jpg")],
      [{ image: "a-line.png", id: "line", title: "Sorting line", alt: "Workers at a sorting line" }],
    )
    expect(pictures.map(({ id, title, alt, image }) => [id, title, alt, image.base])).toEqual([
      ["9-before", "9 before", "9 before", "9-before.jpg"],
      ["10-last", "10 last", "10 last", "10-last.jpg"],
      ["line", "Sorting line", "Workers at a sorting line", "a-line.png"],
      ["b-kiln", "B kiln", "B kiln", "b-kiln.jpg"],
      ["c_new_photo", "C new photo", "C new photo", "c_new_photo.webp"],
    ])
  })
})

describe("readableName", () => {
  it("turns a file name into a caption", () => {
    expect(readableName("rdf-line_02")).toBe("Rdf line 02")
    expect(readableName("biochar--field.final")).toBe("Biochar field final")
  })
})
