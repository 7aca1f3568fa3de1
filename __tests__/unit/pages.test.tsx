import * as React from "react"
import { render, screen, within } from "@testing-library/react"
import { useStaticQuery } from "gatsby"
import { ContactForm } from "../../src/components/blocks/ContactForm"
import { HowItWorks } from "../../src/components/blocks/HowItWorks"
import { ProductList } from "../../src/components/blocks/ProductList"
import SolutionTemplate from "../../src/templates/solution"
import { company, forms, languages, privacy, site, solutions } from "../fixtures/chrome"
import { plainContactForm } from "../fixtures/estimate"
import { LANGUAGE } from "../../src/lib/forms/fields"
import { imageFile, publicFile } from "../fixtures/image"
import { LanguageContext } from "../../src/hooks/use-language"

const contactForm = plainContactForm()

describe("ContactForm", () => {
  afterEach(() => window.history.replaceState(null, "", "/"))

  it("is the #contact anchor, posts, and marks name, e-mail, phone and subject required but not the message", () => {
    render(<ContactForm data={contactForm} copy={forms} privacy={privacy} streams={[]} />)
    const form = screen.getByRole("form", { name: "Write to us" })
    expect(form).toHaveAttribute("id", "contact")
    // what happens to what is sent, with the retention filled in, and the link to the notice
    expect(within(form).getByText(/Kept for 42 days\./)).toBeInTheDocument()
    expect(within(form).getByRole("link", { name: "How we keep it" })).toHaveAttribute("href", "/privacy")
    expect(form).toHaveAttribute("method", "post")
    const expected: [string, string, boolean][] = [
      ["Name", "username", true],
      ["E-mail", "email", true],
      ["Phone", "phone", true],
      ["Subject", "subject", true],
      ["Message", "message", false],
    ]
    for (const [label, name, isRequired] of expected) {
      const control = screen.getByLabelText(new RegExp(`^${label}`))
      expect(control).toHaveAttribute("name", name)
      if (isRequired) expect(control).toBeRequired()
      else expect(control).not.toBeRequired()
    }
    expect(screen.getByLabelText(/^E-mail/)).toHaveAttribute("type", "email")
    expect(screen.getByLabelText(/^Message/).tagName).toBe("TEXTAREA")
  })

  it("fills in the subject named in the address", () => {
    window.history.replaceState(null, "", "/contact?subject=Air+Separator#contact")
    render(<ContactForm data={contactForm} copy={forms} privacy={privacy} streams={[]} />)
    expect(screen.getByLabelText(/^Subject/)).toHaveValue("Air Separator")
  })
})

describe("ProductList", () => {
  it("shows every machine with its image and a link to the contact form naming it", () => {
    const items = ["Conveyor Belt", "Trommel & Screening"].map((title, index) => ({
      title,
      kind: index === 0 ? "conveyor belt" : "rotating drum screen",
      alt: `${title} drawing`,
      delay: index * 100,
      image: imageFile(title),
    }))
    render(<ProductList data={{ eyebrow: "Machines", heading: "Our machines", intro: "Built to last.", enquire: "Ask about {title}", items }} />)
    for (const product of items) {
      expect(screen.getByRole("img", { name: product.alt })).toBeInTheDocument()
      expect(screen.getByRole("link", { name: `Ask about ${product.title}` })).toHaveAttribute(
        "href",
        `/contact?subject=${encodeURIComponent(product.title).replace(/%20/g, "+")}&from=product#contact`,
      )
    }
    // what a machine is shows only where it says more than its name
    expect(screen.getByText("rotating drum screen")).toBeInTheDocument()
    expect(screen.queryByText("conveyor belt")).toBeNull()
    // the name is the page's own language here
    expect(screen.getByRole("heading", { name: "Conveyor Belt" })).not.toHaveAttribute("lang")
  })

  it("on a Hindi page names each machine as the company does, marked English, with what it is in Hindi under it", () => {
    const items = [{ title: "Conveyor Belt", kind: "कन्वेयर बेल्ट", alt: "कन्वेयर बेल्ट का चित्र", delay: 0, image: imageFile("Conveyor Belt") }]
    render(
      <LanguageContext.Provider value="hi">
        <ProductList data={{ eyebrow: "मशीनें", heading: "हमारी मशीनें", intro: "टिकाऊ।", enquire: "{title} के बारे में पूछें", items }} />
      </LanguageContext.Provider>,
    )
    expect(screen.getByRole("heading", { name: "Conveyor Belt" })).toHaveAttribute("lang", "en-IN")
    expect(screen.getByText("कन्वेयर बेल्ट")).toBeInTheDocument()
  })
})

describe("HowItWorks", () => {
  it("lists the steps in order with their titles and descriptions", () => {
    const steps = ["Drying", "Pyrolysis", "Recovery"].map((title) => ({
      id: title.toLowerCase(),
      title,
      description: `${title} text`,
      icon: publicFile(`${title}.svg`),
    }))
    render(<HowItWorks data={{ eyebrow: "How It Works", title: "Process", intro: "Steps", steps }} />)
    const list = screen.getByRole("list")
    expect(
      within(list)
        .getAllByRole("heading", { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(["Drying", "Pyrolysis", "Recovery"])
  })
})

describe("Solution template", () => {
  beforeEach(() => {
    jest
      .mocked(useStaticQuery)
      .mockReturnValue({ siteJson: site, companyJson: company, formsJson: forms, privacyJson: privacy, allSolutionsJson: { nodes: solutions } })
  })

  /** The template's query result, with the chrome every page's query spreads (...PageChrome), in a language */
  const templateData = (locale: string) => ({
    siteJson: {
      ...site,
      locale,
      breadcrumbLabel: "Breadcrumb",
      breadcrumbHome: "Home",
      gallery: { eyebrow: "Gallery", title: "Our work", previous: "Back", next: "On" },
    },
    companyJson: company,
    formsJson: forms,
    privacyJson: privacy,
    allSolutionsJson: { nodes: solutions },
    languages: { nodes: languages },
    solutionsJson: {
      path: "/waste-to-a",
      title: "Waste to A",
      breadcrumb: "Waste to A",
      description: "A page",
      intro: { eyebrow: "Intro", title: "Making A", paragraphs: ["First paragraph."], estimate: { label: "Estimate yours", to: "/estimate?stream=a" } },
      images: [{ alt: "Kiln drawing", caption: "The kiln", image: imageFile("kiln") }],
      howItWorks: {
        eyebrow: "How It Works",
        title: "Process",
        intro: "Steps",
        steps: [{ id: "one", title: "Step one", description: "Do it", icon: publicFile("one.svg") }],
      },
    },
    galleryJson: {
      visible: 4,
      transitionSpeed: 800,
      responsive: [{ maxWidth: 480, visible: 1 }],
      pictures: [{ id: "g1", title: "Gallery one", alt: "Gallery one drawing", image: imageFile("g1") }],
    },
  })
  const renderTemplate = (locale: string) =>
    render(
      <SolutionTemplate
        {...({ data: templateData(locale), pageContext: { locale, basePath: "/waste-to-a" } } as unknown as React.ComponentProps<typeof SolutionTemplate>)}
      />,
    )

  it("shows the title banner with breadcrumb, the text, the images, How it works and the gallery", async () => {
    renderTemplate("en")
    expect(screen.getByRole("heading", { level: 1, name: "Waste to A" })).toBeInTheDocument()
    const breadcrumb = screen.getByRole("navigation", { name: "Breadcrumb" })
    expect(within(breadcrumb).getByRole("link", { name: "Home" })).toHaveAttribute("href", "/")
    expect(within(breadcrumb).getByText("Waste to A")).toHaveAttribute("aria-current", "page")
    expect(screen.getByText("First paragraph.")).toBeInTheDocument()
    expect(screen.getByRole("link", { name: "Estimate yours" })).toHaveAttribute("href", "/estimate?stream=a")
    expect(screen.getByRole("img", { name: "Kiln drawing" })).toBeInTheDocument()
    expect(screen.getByRole("heading", { name: "Step one" })).toBeInTheDocument()
    expect(screen.getAllByRole("img", { name: "Gallery one drawing", hidden: true }).length).toBeGreaterThan(0)
    // the footer's newsletter form, whose code comes in a chunk of its own (hydrateOnInteraction): rendered on the client, at once
    expect(await within(screen.getByRole("contentinfo")).findByRole("form", { name: "News" })).toHaveAttribute("action", "/api/subscribe")
  })

  it("in Hindi, links to the Hindi pages and offers the same page in English", async () => {
    renderTemplate("hi")
    const breadcrumb = screen.getByRole("navigation", { name: "Breadcrumb" })
    expect(within(breadcrumb).getByRole("link", { name: "Home" })).toHaveAttribute("href", "/hi")
    expect(screen.getByRole("link", { name: "Estimate yours" })).toHaveAttribute("href", "/hi/estimate?stream=a")
    const switcher = screen.getByRole("navigation", { name: site.languageMenu })
    expect(within(switcher).getByRole("link", { name: "English" })).toHaveAttribute("href", "/waste-to-a")
    expect(within(switcher).getByRole("link", { name: "English" })).toHaveAttribute("hreflang", "en-IN")
    // the newsletter form, loaded apart from the page, still reads the page's language
    const email = (await screen.findByLabelText("Your e-mail")) as HTMLInputElement
    expect(email.form?.elements.namedItem(LANGUAGE)).toHaveValue("hi")
  })
})
