/**
 * The page checks a form's fields before sending with the server's own
 * check (src/lib/forms/field-check.ts): for every input the two name the
 * same fault, and the page words it as the server's page would, in each
 * language. On a failed check the form sends nothing and shows each
 * message beside its field and in the error summary.
 */
import * as React from "react"
import { act, fireEvent, render, screen, within } from "@testing-library/react"
import { ContactForm } from "../../src/components/blocks/ContactForm"
import { errorText, wordsIn } from "../../src/forms/copy"
import { validateSubmission } from "../../src/forms/submission-checks"
import { checkField, faultText, type FieldCode } from "../../src/lib/forms/field-check"
import { FORMS, type FieldRule, type FormKind } from "../../src/lib/forms/fields"
import { LANGUAGES } from "../../src/lib/languages"
import { forms, privacy } from "../fixtures/chrome"
import { plainContactForm } from "../fixtures/estimate"

const valid = { username: "Ada Example", email: "ada@example.com", phone: "+1 (555) 010-0199", subject: "Quote request", message: "Two lines\nof text" }

/** Inputs a visitor can type or paste, per field: the page must name the fault the server names */
const TABLE: [FormKind, string, string][] = [
  ["contact", "username", ""],
  ["contact", "username", "   "],
  ["contact", "username", "Ada"],
  ["contact", "username", "x".repeat(121)],
  ["contact", "username", "Ada\u0007"],
  ["contact", "username", "Ada\u0085Example"],
  ["contact", "email", "ada.example.com"],
  ["contact", "email", "ada@example"],
  ["contact", "email", "ada@example.c"],
  ["contact", "email", "ada@@example.com"],
  ["contact", "email", "ada lovelace@example.com"],
  ["contact", "email", " ada@example.com "],
  ["contact", "email", `${"a".repeat(250)}@b.co`],
  ["contact", "phone", "12345"],
  ["contact", "phone", "+91 98765 43210"],
  ["contact", "phone", "call me"],
  ["contact", "phone", "(((((((("],
  ["contact", "subject", "Two\nlines"],
  ["contact", "subject", "x".repeat(201)],
  ["contact", "message", ""],
  ["contact", "message", "Two\nlines"],
  ["contact", "message", "x".repeat(5001)],
  ["contact", "message", "\ud800"],
  ["subscribe", "email", ""],
  ["subscribe", "email", "news.example.com"],
  ["subscribe", "email", "news@example.com"],
]

describe("the shared field check", () => {
  it.each(TABLE)("%s %s %j: the page and the server name the same fault", (kind, field, value) => {
    const rule = (FORMS[kind] as Record<string, FieldRule>)[field]!
    const page = checkField(rule, value)
    const body = kind === "contact" ? { ...valid, [field]: value } : { email: value }
    const server = validateSubmission(kind, body)
    const serverCode = server.ok ? undefined : server.errors.find((error) => error.field === field)?.code
    expect("code" in page ? page.code : undefined).toBe(serverCode)
  })

  it("tells faults apart: the table meets every code the page can show", () => {
    const codes = new Set(
      TABLE.map(([kind, field, value]) => checkField((FORMS[kind] as Record<string, FieldRule>)[field]!, value)).flatMap((result) =>
        "code" in result ? [result.code] : [],
      ),
    )
    expect([...codes].sort()).toEqual(["invalid_email", "invalid_phone", "line_break", "not_text", "required", "too_long"])
  })

  const CODES: FieldCode[] = ["required", "too_long", "invalid_email", "invalid_phone", "line_break", "not_text"]
  describe.each(LANGUAGES.map((language) => language.code))("in %s", (code) => {
    const words = wordsIn(code)
    it.each(CODES)("%s: the page's words are the server page's, with the field's label and limit", (fault) => {
      for (const [kind, field, label] of [
        ["contact", "subject", words.contact.form.fields.subject.label],
        ["subscribe", "email", words.site.footer.subscribe.emailLabel],
      ] as const) {
        const max = (FORMS[kind] as Record<string, FieldRule>)[field]!.max
        const text = faultText(words.forms.errors, fault, label, max)
        expect(text).toBe(errorText(kind, { field, code: fault, message: "" }, words))
        expect(text).toContain(label)
        expect(text).not.toMatch(/\{\w+\}/)
        if (fault === "too_long") expect(text).toContain(String(max))
      }
    })
  })
})

describe("the contact form's own check", () => {
  const contactForm = plainContactForm()
  const fetchMock = jest.fn()
  beforeEach(() => {
    fetchMock.mockReset()
    ;(globalThis as { fetch: unknown }).fetch = fetchMock
  })

  it("sends nothing while a field fails, shows each message beside it and in a focused summary, and clears one corrected", async () => {
    render(<ContactForm data={contactForm} copy={forms} privacy={privacy} streams={[]} />)
    const form = screen.getByRole("form", { name: "Write to us" })
    expect(form).toHaveAttribute("novalidate")
    const email = screen.getByLabelText(/^E-mail/)
    fireEvent.change(email, { target: { value: "ada.example.com" } })
    await act(async () => {
      fireEvent.submit(form)
    })
    expect(fetchMock).not.toHaveBeenCalled()
    const summary = within(form).getByRole("alert")
    expect(summary).toHaveFocus()
    expect(within(summary).getByRole("heading")).toHaveTextContent("Look again")
    expect(
      within(summary)
        .getAllByRole("link")
        .map((link) => [link.getAttribute("href"), link.textContent]),
    ).toEqual([
      ["#contact-username", "Fill in Name"],
      ["#contact-email", "E-mail is no address"],
      ["#contact-phone", "Fill in Phone"],
      ["#contact-subject", "Fill in Subject"],
    ])
    expect(email).toHaveAttribute("aria-invalid", "true")
    expect(email).toHaveAccessibleDescription("E-mail is no address")
    // typing a first time into a field without a message says nothing
    fireEvent.change(screen.getByLabelText(/^Message/), { target: { value: "x" } })
    expect(within(summary).getAllByRole("link")).toHaveLength(4)
    // emptied, the e-mail keeps its message while the visitor is in it, and names the new fault on leaving it
    fireEvent.change(email, { target: { value: "" } })
    expect(email).toHaveAccessibleDescription("E-mail is no address")
    fireEvent.blur(email)
    expect(email).toHaveAccessibleDescription("Fill in E-mail")
    // corrected, the e-mail's message goes
    fireEvent.change(email, { target: { value: "ada@example.com" } })
    expect(email).not.toHaveAttribute("aria-invalid")
    expect(within(form).getAllByRole("link", { name: /^Fill in/ })).toHaveLength(3)
  })
})
