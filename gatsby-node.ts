import path from "path"
import type { GatsbyNode } from "gatsby"

/**
 * The content model. Every JSON file under content/ becomes a node whose type
 * is named after its folder (content/products/products.json → ProductsJson).
 * The schema is declared, not inferred, so GraphiQL shows editors and
 * developers exactly which fields exist and which are required (`!`).
 * Image and video fields name a file relative to the JSON file.
 */
const typeDefs = /* GraphQL */ `
  "A link inside the site or to another site"
  type ContentLink {
    "Text of the link"
    label: String!
    "Path inside the site (/contact, /#about) or a full URL"
    to: String!
  }

  "Site-wide settings: navigation, labels of the page chrome, search defaults"
  type SiteJson implements Node @dontInfer {
    "Site name, used in page titles"
    title: String!
    "Default meta description (at most 160 characters)"
    description: String!
    "Public address of the site, without a trailing slash"
    siteUrl: String!
    "Language of the pages (BCP 47, e.g. en)"
    language: String!
    "Scroll offset in px past which the header takes its sticky look and the top bar hides"
    stickyHeaderOffset: Int!
    "Scroll offset in px past which the go-to-top button shows"
    goToTopOffset: Int!
    "Duration of the reveal-on-scroll animation, in ms (it runs once per element)"
    revealDuration: Int!
    "Text of the skip link that jumps over the header"
    skipToContent: String!
    "Accessible name of the main menu"
    menuLabel: String!
    "Main menu entries, in order"
    menu: [SiteMenuItem!]!
    "The call-to-action button at the end of the main menu"
    getInTouch: ContentLink!
    "Accessible name of the mobile menu toggler"
    openMenu: String!
    "Accessible name of the mobile menu close button"
    closeMenu: String!
    "Accessible name of the go-to-top button"
    goToTop: String!
    topBar: SiteTopBar!
    footer: SiteFooter!
    "Headings and controls of the image gallery carousel"
    gallery: SiteGallery!
    "Controls of the hero carousel"
    hero: SiteHeroControls!
    "Accessible name of breadcrumb navigation"
    breadcrumbLabel: String!
    "First breadcrumb entry"
    breadcrumbHome: String!
  }

  type SiteMenuItem {
    "Menu label"
    label: String!
    "Path the entry links to; leave out for the Solutions entry"
    to: String
    "true: this entry is a dropdown listing every solution page"
    listsSolutions: Boolean
  }

  type SiteTopBar {
    phoneLabel: String!
    emailLabel: String!
    locationLabel: String!
  }

  type SiteFooter {
    subscribe: SiteSubscribe!
    usefulLinksTitle: String!
    "Useful Links column, in order"
    usefulLinks: [ContentLink!]!
    solutionsTitle: String!
    contactTitle: String!
    followTitle: String!
  }

  type SiteSubscribe {
    title: String!
    text: String!
    emailLabel: String!
    placeholder: String!
    button: String!
  }

  type SiteGallery {
    eyebrow: String!
    title: String!
    previous: String!
    next: String!
  }

  type SiteHeroControls {
    previous: String!
    next: String!
    pause: String!
    play: String!
    "Label of each slide; {n} and {total} are replaced"
    slideLabel: String!
  }

  "The company: contact details, logos, social links"
  type CompanyJson implements Node @dontInfer {
    "Short name, as in the header"
    name: String!
    "Registered name, as in the copyright line"
    legalName: String!
    "Logo for light backgrounds (SVG)"
    logo: File! @fileByRelativePath
    "Logo for the dark footer (SVG)"
    logoOnDark: File! @fileByRelativePath
    "Accessible name of the logo link"
    logoAlt: String!
    "Company blurb in the footer"
    blurb: String!
    address: CompanyAddress!
    "Short place name shown in the top bar"
    location: String!
    phone: CompanyPhone!
    email: String!
    taxRegistration: CompanyTaxRegistration!
    "Social profiles; hidden ones are kept but not shown"
    social: [CompanySocial!]!
    "Copyright line; {year} is replaced by the year of the build"
    copyright: String!
  }

  type CompanyAddress {
    street: String!
    locality: String!
    region: String!
    postalCode: String!
    country: String!
  }

  type CompanyPhone {
    "As shown to visitors"
    display: String!
    "Digits for tel: links, with country code, e.g. +15550100142"
    tel: String!
  }

  type CompanyTaxRegistration {
    label: String!
    value: String!
  }

  type CompanySocial {
    "facebook, x, linkedin or instagram"
    network: String!
    label: String!
    url: String!
    "true keeps the profile in content but off the page"
    hidden: Boolean!
  }

  "The home page's hero carousel"
  type HeroJson implements Node @dontInfer {
    "Accessible name of the carousel"
    label: String!
    "Time each slide stays before the next fades in, in ms"
    autoplayInterval: Int!
    "Duration of the fade between slides, in ms"
    transitionSpeed: Int!
    "Slides, in the order they are shown"
    slides: [HeroSlide!]!
  }

  type HeroSlide {
    smallHeading: String!
    mainHeading: String!
    paragraph: String!
    buttonText: String!
    buttonLink: String!
    "Still image shown before and instead of the video (at least 1920 px wide)"
    poster: File! @fileByRelativePath
    posterAlt: String!
    "Muted looping clip, MP4 (H.264)"
    video: File! @fileByRelativePath
    "The same clip as WebM (optional)"
    videoWebm: File @fileByRelativePath
  }

  "The home page's About Us section (anchor #about)"
  type AboutJson implements Node @dontInfer {
    eyebrow: String!
    title: String!
    paragraphs: [String!]!
    image: File! @fileByRelativePath
    alt: String!
    link: ContentLink
  }

  "The home page's Overview tabs"
  type OverviewJson implements Node @dontInfer {
    eyebrow: String!
    title: String!
    image: File! @fileByRelativePath
    alt: String!
    "The tabs, in order: About, Our Mission, Our Vision"
    tabs: [OverviewTab!]!
  }

  type OverviewTab {
    "Unique key, used in element ids"
    id: String!
    "Text of the tab"
    label: String!
    title: String!
    paragraphs: [String!]!
  }

  "The home page's Service Industry section"
  type ServicesJson implements Node @dontInfer {
    eyebrow: String!
    title: String!
    intro: String!
    cards: [ServiceCard!]!
  }

  type ServiceCard {
    title: String!
    description: String!
    image: File! @fileByRelativePath
    alt: String!
    "Delay of the reveal animation, in ms"
    delay: Int!
  }

  "The home page's Why Choose Us section"
  type WhyChooseUsJson implements Node @dontInfer {
    eyebrow: String!
    title: String!
    intro: String!
    points: [WhyChooseUsPoint!]!
  }

  type WhyChooseUsPoint {
    "Column the point sits in (1–4)"
    column: Int!
    title: String!
    description: String!
    image: File! @fileByRelativePath
    "Alt text; empty when the picture only decorates the title"
    alt: String!
  }

  "The home page's call to action"
  type CallToActionJson implements Node @dontInfer {
    eyebrow: String!
    title: String!
    text: String!
    "Link to the contact page"
    contact: ContentLink!
    quote: QuoteButton!
  }

  type QuoteButton {
    label: String!
    "Subject filled into the contact form"
    subject: String!
  }

  "The home page's recycle-materials image block"
  type RecycleJson implements Node @dontInfer {
    title: String!
    text: String!
    image: File! @fileByRelativePath
    alt: String!
  }

  "The image gallery carousel (home and solution pages)"
  type GalleryJson implements Node @dontInfer {
    "Items visible at once on wide screens"
    visible: Int!
    "Duration of the slide to the next item, in ms"
    transitionSpeed: Int!
    "Fewer visible items on narrower screens"
    responsive: [GalleryBreakpoint!]!
    items: [GalleryItem!]!
  }

  type GalleryBreakpoint {
    "Applies at viewport widths up to and including this, in px"
    maxWidth: Int!
    "Items visible at once"
    visible: Int!
  }

  type GalleryItem {
    "Unique key"
    id: String!
    title: String!
    alt: String!
    image: File! @fileByRelativePath
  }

  "The Products page (/product)"
  type ProductsJson implements Node @dontInfer {
    title: String!
    breadcrumb: String!
    "Meta description of the page"
    description: String!
    eyebrow: String!
    heading: String!
    intro: String!
    "Label of each machine's enquiry link; {title} is replaced"
    enquire: String!
    items: [Product!]!
  }

  type Product {
    "Machine name as shown on the card"
    title: String!
    image: File! @fileByRelativePath
    alt: String!
    "Delay of the reveal animation, in ms"
    delay: Int!
  }

  "The Contact page (/contact)"
  type ContactJson implements Node @dontInfer {
    title: String!
    breadcrumb: String!
    "Meta description of the page"
    description: String!
    detailsTitle: String!
    detailsText: String!
    addressLabel: String!
    phoneLabel: String!
    emailLabel: String!
    form: ContactForm!
  }

  type ContactForm {
    title: String!
    text: String!
    requiredNote: String!
    fields: ContactFormFields!
    submit: String!
  }

  type ContactFormFields {
    username: FormField!
    email: FormField!
    phone: FormField!
    subject: FormField!
    message: FormField!
  }

  type FormField {
    label: String!
    placeholder: String!
  }

  "One solution page; each file in content/solutions/ becomes /<slug>"
  type SolutionsJson implements Node @dontInfer {
    "Path of the page without the leading slash, e.g. waste-to-electricity"
    slug: String!
    "Position in menus (1 comes first)"
    order: Int!
    title: String!
    "Last breadcrumb entry"
    breadcrumb: String!
    "Meta description of the page"
    description: String!
    "One sentence used where solutions are listed"
    summary: String!
    intro: SolutionIntro!
    images: [SolutionImage!]!
    howItWorks: HowItWorks!
  }

  type SolutionIntro {
    eyebrow: String!
    title: String!
    paragraphs: [String!]!
  }

  type SolutionImage {
    image: File! @fileByRelativePath
    alt: String!
    caption: String!
  }

  type HowItWorks {
    eyebrow: String!
    title: String!
    intro: String!
    steps: [HowItWorksStep!]!
  }

  type HowItWorksStep {
    "Unique key within the page"
    id: String!
    title: String!
    "Line icon (SVG)"
    icon: File! @fileByRelativePath
    description: String!
  }

  "The not-found page"
  type NotFoundJson implements Node @dontInfer {
    title: String!
    text: String!
    solutionsTitle: String!
    contactText: String!
    contactLink: ContentLink!
    homeLink: ContentLink!
  }
`

export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  actions.createTypes(typeDefs)
}

const solutionTemplate = path.resolve("src/templates/solution.tsx")

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

export const createPages: GatsbyNode["createPages"] = async ({ graphql, actions, reporter }) => {
  const result = await graphql<Queries.SolutionPagesQuery>(`
    query SolutionPages {
      allSolutionsJson(sort: { order: ASC }) {
        nodes {
          id
          slug
          parent {
            ... on File {
              relativePath
            }
          }
        }
      }
    }
  `)
  if (result.errors || !result.data) {
    reporter.panicOnBuild("Could not load the solution pages from content/solutions.", result.errors)
    return
  }

  const seen = new Map<string, string>()
  for (const node of result.data.allSolutionsJson.nodes) {
    const file = `content/${node.parent && "relativePath" in node.parent ? node.parent.relativePath : "solutions"}`
    if (!SLUG.test(node.slug)) {
      reporter.panicOnBuild(
        `${file}: field "slug" is "${node.slug}". Use lower-case letters, digits and single hyphens, e.g. "waste-to-electricity".`,
      )
      continue
    }
    const other = seen.get(node.slug)
    if (other) {
      reporter.panicOnBuild(
        `${file}: field "slug" is "${node.slug}", which ${other} already uses. Give each solution its own slug.`,
      )
      continue
    }
    seen.set(node.slug, file)
    actions.createPage({
      path: `/${node.slug}`,
      component: solutionTemplate,
      context: { id: node.id },
    })
  }
}
