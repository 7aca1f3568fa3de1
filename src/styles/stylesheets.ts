/**
 * The components' and pages' stylesheets, in cascade order, after tokens.css,
 * base.css and shared.css (gatsby-browser.ts imports those first, then this
 * list). Gatsby builds one CSS file from them and inlines it into each page's
 * head.
 *
 * Each component imports its own stylesheet too, but that alone leaves the
 * order to webpack, which merges each page's import order; the pages import
 * their sections before Layout, in different orders, and where two rules of
 * equal specificity meet (`.site-footer a` then `.form-note a`, `.site-footer h2`
 * then `.subscribe h2`, `.social-links a` then `.site-footer a`, `.picture img`
 * then `.hero-slide__media img`) the later one has to stay later. Imported
 * here first, from the app's entry, the stylesheets keep this order and the
 * pages' imports add nothing. A new stylesheet goes into this list at the
 * place its rules need.
 */
import "../components/primitives/Picture.css"
import "../components/primitives/PhoneLink.css"
import "../components/layout/Layout.css"
import "../components/layout/ScrollProgress.css"
import "../components/layout/Header.css"
import "../components/layout/TopBar.css"
import "../components/layout/SocialLinks.css"
import "../components/layout/Brand.css"
import "../components/layout/MainMenu.css"
import "../components/layout/MobileMenu.css"
import "../components/layout/GoToTop.css"
import "../components/layout/Footer.css"
import "../components/primitives/SectionHeading.css"
import "../components/blocks/CarouselArrow.css"
import "../components/blocks/HeroCarousel.css"
import "../components/blocks/text-and-picture.css"
import "../components/blocks/Overview.css"
import "../components/blocks/ServiceIndustry.css"
import "../components/blocks/WhyChooseUs.css"
import "../components/blocks/CallToAction.css"
import "../components/blocks/RecycleMaterials.css"
import "../components/blocks/GalleryCarousel.css"
import "../components/blocks/PageBanner.css"
import "../components/blocks/SolutionIntro.css"
import "../components/blocks/HowItWorks.css"
import "../components/blocks/ProductList.css"
import "../components/blocks/Estimator.css"
import "../pages/contact.css"
import "../components/blocks/ContactDetails.css"
import "../components/primitives/FormParts.css"
import "../components/blocks/ContactForm.css"
import "../components/layout/SubscribeForm.css"
import "../pages/404.css"
import "../components/primitives/Reveal.css"
import "../components/primitives/PrivacyNote.css"
import "../pages/privacy.css"
