/**
 * The content model. Every JSON file under content/ becomes a node whose type
 * is named after its folder (content/products/products.json → ProductsJson).
 * The schema is declared, not inferred, so GraphiQL shows editors and
 * developers exactly which fields exist and which are required (`!`).
 * Image and video fields name a file relative to the JSON file.
 */
export const typeDefs = /* GraphQL */ `
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
    "Picture shown when a page is shared (Open Graph and Twitter cards); cropped to 1200 × 630"
    share: SiteShare!
    "How the site looks when installed as an app (web manifest)"
    manifest: SiteManifest!
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
    "Name of the menu inside the mobile menu panel, for screen readers; different from menuLabel, since both menus are on every page"
    mobileMenuLabel: String!
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
    "Labels of the thin bar above the main menu with phone, email and location"
    topBar: SiteTopBar!
    "Headings and newsletter form of the site footer"
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

  "One entry of the main menu"

  type SiteMenuItem {
    "Menu label"
    label: String!
    "Path the entry links to; leave out for the Solutions entry"
    to: String
    "true: this entry is a dropdown listing every solution page"
    listsSolutions: Boolean
  }

  "Labels of the top bar above the main menu"

  type SiteTopBar {
    "Spoken label before the phone number in the top bar (screen readers)"
    phoneLabel: String!
    "Spoken label before the email address in the top bar (screen readers)"
    emailLabel: String!
    "Spoken label before the place name in the top bar (screen readers)"
    locationLabel: String!
  }

  "Headings and links of the footer"

  type SiteFooter {
    "The newsletter sign-up at the top of the footer"
    subscribe: SiteSubscribe!
    "Heading of the footer's Useful Links column"
    usefulLinksTitle: String!
    "Useful Links column, in order"
    usefulLinks: [ContentLink!]!
    "Heading of the footer column listing every solution page"
    solutionsTitle: String!
    "Heading of the footer column with address, phone, email and tax number"
    contactTitle: String!
    "Accessible name of the social links list in the footer and the top bar"
    followTitle: String!
  }

  "The footer's newsletter sign-up box"

  type SiteSubscribe {
    "Heading of the newsletter sign-up in the footer"
    title: String!
    "Short text under the newsletter heading"
    text: String!
    "Label of the newsletter email field (read by screen readers, not shown)"
    emailLabel: String!
    "Placeholder shown in the empty newsletter email field"
    placeholder: String!
    "Text of the newsletter's submit button"
    button: String!
  }

  "Heading and arrow labels of the image gallery"

  type SiteGallery {
    "Small text above the gallery's title"
    eyebrow: String!
    "Heading of the image gallery on the home and solution pages"
    title: String!
    "Accessible name of the gallery's previous arrow"
    previous: String!
    "Accessible name of the gallery's next arrow"
    next: String!
  }

  "Accessible names of the hero carousel's controls"

  type SiteHeroControls {
    "Accessible name of the hero's previous-slide arrow"
    previous: String!
    "Accessible name of the hero's next-slide arrow"
    next: String!
    "Accessible name of the hero's toggle while slides and videos are moving"
    pause: String!
    "Accessible name of the hero's toggle while the slideshow is paused"
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
    "Postal address, shown in the footer and on the contact page"
    address: CompanyAddress!
    "Short place name shown in the top bar"
    location: String!
    "Phone number in the top bar, footer and contact page, linked for calling"
    phone: CompanyPhone!
    "Email address in the top bar, footer and contact page, linked with mailto:"
    email: String!
    "Tax registration number in the footer and on the contact page"
    taxRegistration: CompanyTaxRegistration!
    "Social profiles; hidden ones are kept but not shown"
    social: [CompanySocial!]!
    "Copyright line; {year} is replaced by the year of the build"
    copyright: String!
  }

  "The company's postal address"

  type CompanyAddress {
    "Street and house number"
    street: String!
    "Town or city"
    locality: String!
    "County, state or province"
    region: String!
    "Postal code, shown after the region"
    postalCode: String!
    "Country, the last part of the address"
    country: String!
  }

  "The company's phone number, as shown and as dialled"

  type CompanyPhone {
    "As shown to visitors"
    display: String!
    "Digits for tel: links, with country code, e.g. +15550100142"
    tel: String!
  }

  "The company's tax registration, shown in the footer and on the contact page"

  type CompanyTaxRegistration {
    "Text before the number, e.g. Tax registration no."
    label: String!
    "The registration number itself"
    value: String!
  }

  "One social media profile of the company"

  type CompanySocial {
    "facebook, x, linkedin or instagram"
    network: String!
    "Accessible name of the profile's icon link, e.g. Facebook"
    label: String!
    "Full address of the profile; it opens in a new tab"
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

  "One slide of the home page's hero carousel"

  type HeroSlide {
    "Small line above the slide's main heading, e.g. the solution's name"
    smallHeading: String!
    "Large heading of the slide (the first slide's is the home page's h1)"
    mainHeading: String!
    "Short text under the slide's heading"
    paragraph: String!
    "Text of the slide's button"
    buttonText: String!
    "Where the slide's button leads: a path in the site such as /waste-to-charcoal"
    buttonLink: String!
    "Still image shown before and instead of the video (at least 1920 px wide)"
    poster: File! @fileByRelativePath
    "Alt text of the poster: what it shows, for visitors who cannot see it"
    posterAlt: String!
    "Muted looping clip, MP4 (H.264)"
    video: File! @fileByRelativePath
    "The same clip as WebM (optional)"
    videoWebm: File @fileByRelativePath
  }

  "The home page's About Us section (anchor #about)"
  type AboutJson implements Node @dontInfer {
    "Small text above the About Us heading"
    eyebrow: String!
    "Heading of the About Us section"
    title: String!
    "Paragraphs of text under the heading, in order"
    paragraphs: [String!]!
    "Picture beside the text"
    image: File! @fileByRelativePath
    "Alt text of the picture: what it shows, for visitors who cannot see it"
    alt: String!
    "Optional button under the text; leave out for none"
    link: ContentLink
  }

  "The home page's Overview tabs"
  type OverviewJson implements Node @dontInfer {
    "Small text above the Overview heading"
    eyebrow: String!
    "Heading of the Overview section, also the accessible name of its tab list"
    title: String!
    "Picture beside the tabs"
    image: File! @fileByRelativePath
    "Alt text of the picture: what it shows, for visitors who cannot see it"
    alt: String!
    "The tabs, in order: About, Our Mission, Our Vision"
    tabs: [OverviewTab!]!
  }

  "One tab of the Overview section (About, Our Mission, Our Vision)"

  type OverviewTab {
    "Unique key, used in element ids"
    id: String!
    "Text of the tab"
    label: String!
    "Heading inside the tab's panel"
    title: String!
    "Paragraphs of the tab's panel, in order"
    paragraphs: [String!]!
  }

  "The home page's Service Industry section"
  type ServicesJson implements Node @dontInfer {
    "Small text above the Service Industry heading"
    eyebrow: String!
    "Heading of the Service Industry section"
    title: String!
    "Short text under the heading"
    intro: String!
    "Industry cards, in order, four to a row on wide screens"
    cards: [ServiceCard!]!
  }

  "One card of the Service Industry section"

  type ServiceCard {
    "Heading of the card, the industry's name"
    title: String!
    "Text of the card under its heading"
    description: String!
    "Picture at the top of the card"
    image: File! @fileByRelativePath
    "Alt text of the card's picture: what it shows, for visitors who cannot see it"
    alt: String!
    "Delay of the reveal animation, in ms"
    delay: Int!
  }

  "The home page's Why Choose Us section"
  type WhyChooseUsJson implements Node @dontInfer {
    "Small text above the Why Choose Us heading"
    eyebrow: String!
    "Heading of the Why Choose Us section"
    title: String!
    "Short text under the heading"
    intro: String!
    "The reasons, shown side by side in column order"
    points: [WhyChooseUsPoint!]!
  }

  "One reason in the Why Choose Us section"

  type WhyChooseUsPoint {
    "Column the point sits in (1–4)"
    column: Int!
    "Heading of the point"
    title: String!
    "Text of the point under its heading"
    description: String!
    "Small picture above the point's heading"
    image: File! @fileByRelativePath
    "Alt text; empty when the picture only decorates the title"
    alt: String!
  }

  "The home page's call to action"
  type CallToActionJson implements Node @dontInfer {
    "Small text above the call-to-action heading"
    eyebrow: String!
    "Heading of the call to action"
    title: String!
    "Short text under the heading"
    text: String!
    "Link to the contact page"
    contact: ContentLink!
    "Button that opens the contact form with a subject filled in"
    quote: QuoteButton!
  }

  "The call to action's Get a Quote button"

  type QuoteButton {
    "Text of the quote button"
    label: String!
    "Subject filled into the contact form"
    subject: String!
  }

  "The home page's recycle-materials image block"
  type RecycleJson implements Node @dontInfer {
    "Heading in the caption under the picture"
    title: String!
    "Caption text under the heading"
    text: String!
    "Wide picture of the block"
    image: File! @fileByRelativePath
    "Alt text of the picture: what it shows, for visitors who cannot see it"
    alt: String!
  }

  """
  The image gallery carousel (home and solution pages). Every image file in
  content/gallery/ is shown, in file-name order; items only add titles and
  alt texts.
  """
  type GalleryJson implements Node @dontInfer {
    "Items visible at once on wide screens"
    visible: Int!
    "Duration of the slide to the next item, in ms"
    transitionSpeed: Int!
    "Fewer visible items on narrower screens"
    responsive: [GalleryBreakpoint!]!
    "Optional title and alt text for image files of the folder"
    items: [GalleryItem!]
  }

  "One picture of the gallery, as shown"
  type GalleryPicture {
    "The file name without extension, or the item's id"
    id: String!
    "The item's title, or the file name made readable"
    title: String!
    "The item's alt text, or the title"
    alt: String!
    "The image file, shown in the carousel"
    image: File!
  }

  "How many gallery items show at viewport widths up to maxWidth"

  type GalleryBreakpoint {
    "Applies at viewport widths up to and including this, in px"
    maxWidth: Int!
    "Items visible at once"
    visible: Int!
  }

  "Title and alt text for one picture of content/gallery/"

  type GalleryItem {
    "Image file in content/gallery/ this entry describes"
    image: File! @fileByRelativePath
    "Unique key (defaults to the file name)"
    id: String
    "Caption under the picture in the gallery"
    title: String!
    "Alt text of the picture: what it shows, for visitors who cannot see it"
    alt: String!
  }

  "The Products page (/product)"
  type ProductsJson implements Node @dontInfer {
    "Page title, in the browser tab and the banner at the top of the page"
    title: String!
    "Last breadcrumb entry in the banner"
    breadcrumb: String!
    "Meta description of the page"
    description: String!
    "Small text above the machinery heading"
    eyebrow: String!
    "Heading above the machine cards"
    heading: String!
    "Short text under the heading"
    intro: String!
    "Label of each machine's enquiry link; {title} is replaced"
    enquire: String!
    "Machine cards, in order, four to a row on wide screens"
    items: [Product!]!
  }

  "One machine on the Products page"

  type Product {
    "Machine name as shown on the card"
    title: String!
    "Picture at the top of the card"
    image: File! @fileByRelativePath
    "Alt text of the card's picture: what it shows, for visitors who cannot see it"
    alt: String!
    "Delay of the reveal animation, in ms"
    delay: Int!
  }

  "The Contact page (/contact)"
  type ContactJson implements Node @dontInfer {
    "Page title, in the browser tab and the banner at the top of the page"
    title: String!
    "Last breadcrumb entry in the banner"
    breadcrumb: String!
    "Meta description of the page"
    description: String!
    "Heading of the contact details column"
    detailsTitle: String!
    "Short text under the contact details heading"
    detailsText: String!
    "Small heading above the company address"
    addressLabel: String!
    "Small heading above the phone number"
    phoneLabel: String!
    "Small heading above the email address"
    emailLabel: String!
    "The message form beside the contact details"
    form: ContactForm!
  }

  "Texts and field labels of the contact form"

  type ContactForm {
    "Heading of the contact form"
    title: String!
    "Short text under the form's heading"
    text: String!
    "Note explaining that fields marked * are required"
    requiredNote: String!
    "Labels and placeholders of the form's fields"
    fields: ContactFormFields!
    "Text of the form's send button"
    submit: String!
  }

  "The contact form's five fields"

  type ContactFormFields {
    "Label and placeholder of the required name field"
    username: FormField!
    "Label and placeholder of the required email field"
    email: FormField!
    "Label and placeholder of the required phone field"
    phone: FormField!
    "Label and placeholder of the required subject field"
    subject: FormField!
    "Label and placeholder of the optional message field"
    message: FormField!
  }

  "Label and placeholder of one form field"

  type FormField {
    "Label shown above the field"
    label: String!
    "Example text shown in the field while it is empty"
    placeholder: String!
  }

  "One solution page; each file in content/solutions/ becomes /<slug>"
  type SolutionsJson implements Node @dontInfer {
    "Path of the page without the leading slash, e.g. waste-to-electricity"
    slug: String!
    "Position in menus (1 comes first)"
    order: Int!
    "Page title, in the browser tab, the banner, menus and solution lists"
    title: String!
    "Last breadcrumb entry"
    breadcrumb: String!
    "Meta description of the page"
    description: String!
    "One sentence used where solutions are listed"
    summary: String!
    "Heading and text at the top of the page, beside the images"
    intro: SolutionIntro!
    "Captioned pictures beside the intro, in order"
    images: [SolutionImage!]!
    "The How It Works section with the numbered process steps"
    howItWorks: HowItWorks!
  }

  "The descriptive text block of a solution page"

  type SolutionIntro {
    "Small text above the intro heading"
    eyebrow: String!
    "Heading of the intro"
    title: String!
    "Paragraphs of the intro, in order"
    paragraphs: [String!]!
  }

  "One picture of a solution page, with its caption"

  type SolutionImage {
    "The picture"
    image: File! @fileByRelativePath
    "Alt text of the picture: what it shows, for visitors who cannot see it"
    alt: String!
    "Caption shown under the picture"
    caption: String!
  }

  "The How it works section of a solution page"

  type HowItWorks {
    "Small text above the How It Works heading"
    eyebrow: String!
    "Heading of the How It Works section"
    title: String!
    "Short text under the heading"
    intro: String!
    "The steps, in order; they are numbered 01, 02 and so on"
    steps: [HowItWorksStep!]!
  }

  "One step of How it works"

  type HowItWorksStep {
    "Unique key within the page"
    id: String!
    "Heading of the step"
    title: String!
    "Line icon (SVG)"
    icon: File! @fileByRelativePath
    "Text of the step under its heading"
    description: String!
  }

  "The not-found page"
  type NotFoundJson implements Node @dontInfer {
    "Heading of the page, also in the browser tab"
    title: String!
    "Text under the heading explaining that the page does not exist"
    text: String!
    "Heading above the list of solution pages"
    solutionsTitle: String!
    "Text above the two buttons at the bottom"
    contactText: String!
    "Button to the contact page"
    contactLink: ContentLink!
    "Button back to the home page"
    homeLink: ContentLink!
  }

  "The privacy notice (/privacy), and the short notes beside the forms that link to it"
  type PrivacyJson implements Node @dontInfer {
    "Heading of the page, also in the browser tab"
    title: String!
    "Last item of the breadcrumb"
    breadcrumb: String!
    "Description for search engines and link previews"
    description: String!
    "When the notice last changed, shown under the heading"
    updated: String!
    "Text under the heading"
    intro: String!
    "The notice's sections, in order. In their text {legalName}, {address}, {email} and {phone} come from content/company, and {contactDays}, {unconfirmedDays} and {keyDays} from the retention settings the server applies (FORMS_RETAIN_*), so the page and the server cannot disagree"
    sections: [PrivacySection!]!
    "The one-line notes at the forms' submit buttons"
    formNotice: PrivacyFormNotice!
  }

  "How long the forms keep records, in days: the FORMS_RETAIN_* settings of the build's environment, which the server applies (resolved, not written in content)"
  type PrivacyRetention {
    "A contact message and its delivery record, counted from its delivery"
    contactDays: Int!
    "An unconfirmed or ended subscription, and each subscribe request"
    unconfirmedDays: Int!
    "An idempotency key"
    keyDays: Int!
  }

  "One section of the privacy notice"

  type PrivacySection {
    "Heading of the section"
    heading: String!
    "Paragraphs of the section, in order"
    paragraphs: [String!]!
  }

  "The notes at the forms' submit buttons, each followed by a link to the notice"

  type PrivacyFormNotice {
    "Beside the contact form's button; {contactDays} is the retention of contact messages"
    contact: String!
    "Beside the subscribe form's button"
    subscribe: String!
    "Text of the link to the privacy notice"
    link: String!
  }

  "What the contact and subscribe forms say: statuses, error messages, the e-mails they send and the pages they end on"
  type FormsJson implements Node @dontInfer {
    "Label of the hidden anti-spam field (read only by screen readers that ignore hiding, so it tells people to leave it empty)"
    trapLabel: String!
    "Status lines shown under a form while and after it is sent"
    status: FormStatus!
    "Error messages; {label} is the field's label, {max} its length limit, {minutes} the wait before trying again"
    errors: FormErrors!
    "The page shown when a form sent without JavaScript needs correcting"
    errorPage: FormErrorPage!
    "The page a subscription confirmation link opens"
    confirmPage: FormConfirmPage!
    "The page the unsubscribe link in every e-mail to a subscriber opens"
    unsubscribePage: FormUnsubscribePage!
    "The e-mails the forms send; {site} is the site's name"
    mail: FormMail!
    "Pages a form ends on when sent without JavaScript"
    pages: [FormNotice!]!
    "How the e-mail to the company names the call to action a contact message came from"
    leadSources: [FormLeadSource!]!
  }

  "A call to action that leads to the contact form (its id is in the link: /contact?from=product)"

  type FormLeadSource {
    "product, get-a-quote, menu or direct (none named)"
    id: String!
    "How the e-mail to the company names it"
    label: String!
  }

  "Status lines of the forms"

  type FormStatus {
    "Shown while a form is being sent"
    sending: String!
    "Shown when a contact message has been stored"
    contactSent: String!
    "Shown when a subscription awaits confirmation; {email} is the address"
    subscribeSent: String!
    "Shown above the field errors when the server refused a form"
    failed: String!
    "Shown when the server could not be reached"
    offline: String!
  }

  "One message per reason a form can be refused"

  type FormErrors {
    "A required field is empty"
    required: String!
    "A field is longer than its limit"
    too_long: String!
    "The e-mail field is not an address"
    invalid_email: String!
    "The phone field is not a phone number"
    invalid_phone: String!
    "A one-line field holds a line break"
    line_break: String!
    "A field is not plain text"
    not_text: String!
    "The hidden anti-spam field was filled in"
    spam: String!
    "The form was sent faster than a person can fill it in"
    too_fast: String!
    "Too many posts from one connection"
    rate_limited: String!
    "The body is larger than the server accepts"
    too_large: String!
    "The body is neither a web form nor JSON"
    unsupported_type: String!
    "The body is broken (e.g. JSON that does not parse)"
    malformed: String!
    "The endpoint was called with another method than POST"
    method_not_allowed: String!
    "An unexpected failure on the server; nothing was stored"
    server: String!
  }

  "Texts of the page that lists a form's errors"

  type FormErrorPage {
    "Heading and browser-tab title"
    title: String!
    "Text under the heading"
    intro: String!
    "Link back to the home page"
    back: String!
  }

  "Texts of the unsubscribe page"

  type FormUnsubscribePage {
    "Heading and browser-tab title"
    title: String!
    "Text above the button; {email} is the address"
    text: String!
    "The button that unsubscribes"
    button: String!
    "Heading when the link is broken or no longer valid"
    invalidTitle: String!
    "Text when the link is broken or no longer valid"
    invalidText: String!
  }

  "Texts of the subscription confirmation page"

  type FormConfirmPage {
    "Heading when the link is valid"
    title: String!
    "Text above the button; {email} is the address"
    text: String!
    "The confirm button"
    button: String!
    "Heading when the link is not valid"
    invalidTitle: String!
    "Text when the link is not valid"
    invalidText: String!
  }

  "The e-mails the forms send"

  type FormMail {
    "Subject of the e-mail to the company; {subject} is the visitor's subject"
    contactSubject: String!
    "First line of the e-mail to the company"
    contactIntro: String!
    "Subject of the subscription confirmation e-mail"
    confirmSubject: String!
    "Body of the confirmation e-mail; {link} is the confirmation link, {unsubscribe} the unsubscribe link"
    confirmText: String!
    "Line of the contact e-mail saying where the lead came from; {page} is the page before the form, {cta} the call to action's label"
    sourceLine: String!
    "That line when no call to action was named"
    sourceUnknown: String!
  }

  "A page a form ends on"

  type FormNotice {
    "Which outcome it shows: contact-sent, subscribe-pending, subscribe-confirmed or unsubscribed"
    id: String!
    "Path of the page, e.g. /thank-you"
    path: String!
    "Heading and browser-tab title"
    title: String!
    "Text under the heading"
    text: String!
    "Link back to the home page"
    link: String!
  }

  "The picture shown when a page is shared"

  type SiteShare {
    "The picture, at least 1200 px wide; a path relative to content/site/ (e.g. ../hero/hero-1.jpg)"
    image: File! @fileByRelativePath
    "What the picture shows, for people who cannot see it"
    alt: String!
  }

  "Web manifest settings"

  type SiteManifest {
    "Name under the app icon (at most 12 characters)"
    shortName: String!
    "Colour of the browser's toolbar, as #rrggbb"
    themeColor: String!
    "Colour of the splash screen, as #rrggbb"
    backgroundColor: String!
  }
`
