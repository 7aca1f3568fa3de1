import { contactFormHref, isExternal } from "../../src/lib/links"
import { fill } from "../../src/lib/text"

describe("fill", () => {
  it("replaces known placeholders and leaves unknown ones for the editor to see", () => {
    expect(fill("Ask about {title}", { title: "Thermolyzer" })).toBe("Ask about Thermolyzer")
    expect(fill("© {year} Co. {oops}", { year: 2030 })).toBe("© 2030 Co. {oops}")
  })
})

describe("contactFormHref", () => {
  it("leads to the contact form's anchor with the subject encoded", () => {
    expect(contactFormHref("Trommel & Screening")).toBe("/contact?subject=Trommel+%26+Screening#contact")
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
