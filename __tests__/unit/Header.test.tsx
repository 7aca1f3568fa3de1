import * as React from "react"
import { fireEvent, render, screen, within } from "@testing-library/react"
import { Header } from "../../src/components/layout/Header"
import { company, languages, site, solutions } from "../fixtures/chrome"

function renderHeader() {
  return render(<Header site={site} company={company} solutions={solutions} languages={languages} basePath="/product" />)
}

describe("Header", () => {
  afterEach(() => document.body.classList.remove("mobile-menu-visible"))

  it("shows phone, e-mail and location in the top bar with tel: and mailto: links", () => {
    const { container } = renderHeader()
    const topBar = container.querySelector(".top-bar") as HTMLElement
    expect(within(topBar).getByRole("link", { name: /\+1 \(555\) 010-0199/ })).toHaveAttribute("href", "tel:+15550100199")
    expect(within(topBar).getByRole("link", { name: /info@example\.com/ })).toHaveAttribute("href", "mailto:info@example.com")
    expect(topBar).toHaveTextContent("Testville")
  })

  it("links Facebook, X and LinkedIn but keeps the hidden Instagram profile off the page", () => {
    const { container } = renderHeader()
    const topBar = container.querySelector(".top-bar") as HTMLElement
    for (const name of ["Facebook", "X", "LinkedIn"]) {
      expect(within(topBar).getByRole("link", { name })).toHaveAttribute("href", expect.stringMatching(/^https:\/\//))
    }
    expect(screen.queryByRole("link", { name: "Instagram" })).not.toBeInTheDocument()
  })

  it("lists the main menu in order with About Us as the #about anchor and Products spelled right", () => {
    renderHeader()
    const nav = screen.getAllByRole("navigation", { name: "Main menu" })[0] as HTMLElement
    const entries = within(nav)
      .getAllByRole("listitem")
      .filter((item) => item.parentElement?.classList.contains("menu"))
      .map((item) => item.firstElementChild?.textContent)
    expect(entries).toEqual(["Home", "About Us", "Solutions", "Products", "Contact"])
    expect(within(nav).getByRole("link", { name: "About Us" })).toHaveAttribute("href", "/#about")
    expect(within(nav).getByRole("link", { name: "Products" })).toHaveAttribute("href", "/product")
    expect(screen.queryByText("Produts")).not.toBeInTheDocument()
  })

  it("lists every solution page under Solutions", () => {
    renderHeader()
    const nav = screen.getAllByRole("navigation", { name: "Main menu" })[0] as HTMLElement
    for (const solution of solutions) {
      expect(within(nav).getByRole("link", { name: solution.title })).toHaveAttribute("href", solution.path)
    }
  })

  it("has the phone number and a Get In Touch link to /contact", () => {
    const { container } = renderHeader()
    const bar = container.querySelector(".main-bar") as HTMLElement
    expect(within(bar).getByRole("link", { name: /010.0199/ })).toHaveAttribute("href", "tel:+15550100199")
    expect(within(bar).getByRole("link", { name: "Get In Touch" })).toHaveAttribute("href", "/contact?from=menu")
  })

  it("opens the mobile menu with the toggler, marks the body, and closes with the close button, the backdrop and Escape", async () => {
    const { container } = renderHeader()
    const toggler = screen.getByRole("button", { name: "Open menu" })
    // the menu is a part fetched later: not in the page, nor named by the toggler, until it is wanted
    expect(container.querySelector("#mobile-menu")).toBeNull()
    expect(toggler).not.toHaveAttribute("aria-controls")

    fireEvent.click(toggler)
    expect(toggler).toHaveAttribute("aria-expanded", "true")
    expect(document.body).toHaveClass("mobile-menu-visible")
    const close = await screen.findByRole("button", { name: "Close menu" })
    const menu = container.querySelector("#mobile-menu") as HTMLElement
    expect(menu).toHaveClass("is-open")
    expect(toggler).toHaveAttribute("aria-controls", "mobile-menu")
    // the menu, once it has come, takes the focus to its close button
    expect(close).toHaveFocus()

    fireEvent.click(close)
    expect(menu).not.toHaveClass("is-open")
    expect(document.body).not.toHaveClass("mobile-menu-visible")
    expect(toggler).toHaveFocus()

    fireEvent.click(toggler)
    expect(menu).toHaveClass("is-open")
    fireEvent.click(menu.querySelector(".mobile-menu__backdrop") as HTMLElement)
    expect(document.body).not.toHaveClass("mobile-menu-visible")

    fireEvent.click(toggler)
    fireEvent.keyDown(document, { key: "Escape" })
    expect(document.body).not.toHaveClass("mobile-menu-visible")
  })

  it("expands the Solutions sub-menu and collapses it when selected again", async () => {
    const { container } = renderHeader()
    fireEvent.click(screen.getByRole("button", { name: "Open menu" }))
    await screen.findByRole("button", { name: "Close menu" })
    const mobile = container.querySelector("#mobile-menu") as HTMLElement
    const parent = within(mobile).getByRole("button", { name: "Solutions" })
    expect(parent).toHaveAttribute("aria-expanded", "false")
    fireEvent.click(parent)
    expect(parent).toHaveAttribute("aria-expanded", "true")
    fireEvent.click(parent)
    expect(parent).toHaveAttribute("aria-expanded", "false")
  })
})
