/**
 * The mobile menu's code is a part fetched after the page (Header.tsx): when
 * that fetch fails (the network gone after the page loaded), the page stays
 * as it was and the next tap fetches again. A file of its own: its module
 * registry starts with no menu fetched.
 */
import * as React from "react"
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react"
import { Header } from "../../src/components/layout/Header"
import { company, languages, site, solutions } from "../fixtures/chrome"

let mockOffline = true
jest.mock("../../src/components/layout/MobileMenu", () => {
  if (mockOffline) throw new Error("the network is gone")
  return jest.requireActual("../../src/components/layout/MobileMenu")
})

afterEach(() => document.body.classList.remove("mobile-menu-visible"))

it("keeps the page as it was, the toggler closed, when the menu's code cannot be fetched, and fetches again on the next tap", async () => {
  const { container } = render(<Header site={site} company={company} solutions={solutions} languages={languages} basePath="/product" />)
  const toggler = screen.getByRole("button", { name: "Open menu" })
  fireEvent.click(toggler)
  await waitFor(() => expect(toggler).toHaveAttribute("aria-expanded", "false"))
  expect(document.body).not.toHaveClass("mobile-menu-visible")
  expect(container.querySelector("#mobile-menu")).toBeNull()
  expect(toggler).not.toHaveAttribute("aria-controls")
  // the header itself still works
  expect(within(container.querySelector(".main-bar") as HTMLElement).getByRole("link", { name: "Get In Touch" })).toBeInTheDocument()

  mockOffline = false
  fireEvent.click(toggler)
  await screen.findByRole("button", { name: "Close menu" })
  expect(container.querySelector("#mobile-menu")).toHaveClass("is-open")
  expect(toggler).toHaveAttribute("aria-controls", "mobile-menu")
})
