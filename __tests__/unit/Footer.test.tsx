import * as React from "react"
import { render, screen, within } from "@testing-library/react"
import { Footer } from "../../src/components/layout/Footer"
import { company, forms, privacy, site, solutions } from "../fixtures/chrome"

describe("Footer", () => {
  it("has a subscribe form that posts one required e-mail field", async () => {
    render(<Footer site={site} company={company} forms={forms} privacy={privacy} solutions={solutions} year={2031} />)
    // its code comes in a chunk of its own (hydrateOnInteraction); rendered on the client, at once
    const email = await screen.findByLabelText("Your e-mail")
    expect(email).toHaveAttribute("type", "email")
    expect(email).toHaveAttribute("name", "email")
    expect(email).toBeRequired()
    const form = email.closest("form") as HTMLFormElement
    expect(form).toHaveAttribute("method", "post")
    expect(within(form).getByRole("button", { name: "Subscribe" })).toHaveAttribute("type", "submit")
    // the note at the button, with the link to the privacy notice
    expect(within(form).getByText(/Confirm by e-mail first\./)).toBeInTheDocument()
    expect(within(form).getByRole("link", { name: "How we keep it" })).toHaveAttribute("href", "/privacy")
  })

  it("lists the Useful Links in order", () => {
    render(<Footer site={site} company={company} forms={forms} privacy={privacy} solutions={solutions} year={2031} />)
    const nav = screen.getByRole("navigation", { name: "Useful Links" })
    const links = within(nav).getAllByRole("link")
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Home", "/"],
      ["About Us", "/#about"],
      ["Our Products", "/product"],
      ["Contact Us", "/contact"],
    ])
  })

  it("shows the blurb, contact info, tax registration, social links and the copyright line of the year", () => {
    render(<Footer site={site} company={company} forms={forms} privacy={privacy} solutions={solutions} year={2031} />)
    expect(screen.getByText("We test energy.")).toBeInTheDocument()
    expect(screen.getByText(/1 Test Road/)).toBeInTheDocument()
    expect(screen.getByRole("link", { name: "+1 (555) 010-0199" })).toHaveAttribute("href", "tel:+15550100199")
    expect(screen.getByRole("link", { name: "info@example.com" })).toHaveAttribute("href", "mailto:info@example.com")
    expect(screen.getByText(/TX-1/)).toBeInTheDocument()
    expect(screen.getByRole("link", { name: "LinkedIn" })).toBeInTheDocument()
    expect(screen.queryByRole("link", { name: "Instagram" })).not.toBeInTheDocument()
    expect(screen.getByText("© 2031 Test Energy Ltd.")).toBeInTheDocument()
  })

  it("puts the content's follow title over the social links", () => {
    render(<Footer site={site} company={company} forms={forms} privacy={privacy} solutions={solutions} year={2031} />)
    const heading = screen.getByRole("heading", { level: 2, name: "Follow" })
    const list = heading.nextElementSibling as HTMLElement
    expect(list.tagName).toBe("UL")
    expect(
      within(list)
        .getAllByRole("link")
        .map((link) => link.getAttribute("aria-label")),
    ).toEqual(["Facebook", "X", "LinkedIn"])
  })
})
