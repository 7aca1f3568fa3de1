import { contactFormHref, fromMenu, isExternal } from "../../src/lib/links"
import { listJoiner } from "../../src/lib/language-notation"
import { fill } from "../../src/lib/text"

describe("fill", () => {
  it("replaces known placeholders and leaves unknown ones for the editor to see", () => {
    expect(fill("Ask about {title}", { title: "Thermolyzer" })).toBe("Ask about Thermolyzer")
    expect(fill("© {year} Co. {oops}", { year: 2030 })).toBe("© 2030 Co. {oops}")
  })
})

describe("contactFormHref", () => {
  it("leads to the contact form's anchor with the subject encoded and the call to action named", () => {
    expect(contactFormHref("Trommel & Screening", "product")).toBe("/contact?subject=Trommel+%26+Screening&from=product#contact")
    expect(contactFormHref("Quote request", "get-a-quote")).toBe("/contact?subject=Quote+request&from=get-a-quote#contact")
  })
})

describe("fromMenu", () => {
  it("names the menu as the call to action on a link to the contact page, and leaves others alone", () => {
    expect(fromMenu("/contact")).toBe("/contact?from=menu")
    expect(fromMenu("/contact#contact")).toBe("/contact?from=menu#contact")
    expect(fromMenu("/contact?subject=Hi")).toBe("/contact?subject=Hi&from=menu")
    expect(fromMenu("/product")).toBe("/product")
    expect(fromMenu("mailto:hello@example.com")).toBe("mailto:hello@example.com")
  })
})

describe("isExternal", () => {
  it("tells site paths from other sites and schemes", () => {
    expect(isExternal("/contact")).toBe(false)
    expect(isExternal("/#about")).toBe(false)
    expect(isExternal("https://x.com/")).toBe(true)
    expect(isExternal("mailto:a@example.com")).toBe(true)
  })
})

describe("listJoiner", () => {
  const joined = (code: string, items: string[]) =>
    listJoiner(code)
      .formatToParts(items)
      .map((part) => part.value)
      .join("")

  it("writes a Hindi list without a comma before और, as Hindi house style does (Intl's data puts one there)", () => {
    expect(new Intl.ListFormat("hi-IN", { type: "conjunction" }).format(["क", "ख", "ग"])).toBe("क, ख, और ग")
    expect(joined("hi", ["क", "ख", "ग"])).toBe("क, ख और ग")
    expect(joined("hi", ["क", "ख", "ग", "घ"])).toBe("क, ख, ग और घ")
    expect(joined("hi", ["क", "ख"])).toBe("क और ख")
    expect(joined("hi", ["क"])).toBe("क")
  })

  it("leaves the other languages to Intl, and keeps each item a part of its own (the estimator links each machine)", () => {
    expect(joined("en", ["Conveyor Belt", "Air Separator", "Trommel"])).toBe("Conveyor Belt, Air Separator and Trommel")
    expect(
      listJoiner("hi")
        .formatToParts(["Conveyor Belt", "Air Separator", "Single & Double Shaft Shredder"])
        .filter((part) => part.type === "element")
        .map((part) => part.value),
    ).toEqual(["Conveyor Belt", "Air Separator", "Single & Double Shaft Shredder"])
  })
})
