import * as React from "react"
import { graphql } from "gatsby"
import { LocalLink } from "../primitives/LocalLink"
import type { FormCopy } from "../../hooks/use-form-submit"
import { fill } from "../../lib/text"
import { EmailIcon, LocationIcon, PhoneIcon, TaxIcon } from "../primitives/Icons"
import { PhoneLink } from "../primitives/PhoneLink"
import { PostalAddress } from "../primitives/PostalAddress"
import { SmartLink } from "../primitives/SmartLink"
import { Brand } from "./Brand"
import { SocialLinks } from "./SocialLinks"
import { hydrateOnInteraction } from "../primitives/HydrateOnInteraction"
import "./Footer.css"

/**
 * The newsletter form is on every page and few use it: its code (and the
 * form hook's) is fetched when a visitor first reaches into it, and its
 * server HTML works as a plain form until then. ".subscribe" is its root.
 */
const SubscribeForm = hydrateOnInteraction(".subscribe", () =>
  import(/* webpackChunkName: "subscribe-form" */ "./SubscribeForm").then((module) => module.SubscribeForm),
)

interface Props {
  site: Queries.FooterSiteFragment
  company: Queries.FooterCompanyFragment
  forms: FormCopy
  privacy: Queries.PrivacyNotesFragment
  solutions: readonly Queries.SolutionLinkFragment[]
  /** Year in the copyright line; the build's year unless a test pins it */
  year?: number
}

export function Footer({ site, company, forms, privacy, solutions, year = new Date().getFullYear() }: Props) {
  const { footer } = site
  return (
    <footer className="site-footer">
      <div className="container">
        <SubscribeForm labels={footer.subscribe} copy={forms} privacy={privacy} />
        <div className="site-footer__grid">
          <div className="site-footer__about">
            <Brand company={company} tone="dark" />
            <p>{company.blurb}</p>
            <h2 className="site-footer__heading site-footer__follow">{footer.followTitle}</h2>
            <SocialLinks social={company.social} />
          </div>
          <nav aria-labelledby="footer-useful-links">
            <h2 id="footer-useful-links" className="site-footer__heading">
              {footer.usefulLinksTitle}
            </h2>
            <ul className="footer-links">
              {footer.usefulLinks.map((link) => (
                <li key={link.label}>
                  <SmartLink to={link.to}>{link.label}</SmartLink>
                </li>
              ))}
            </ul>
          </nav>
          <nav aria-labelledby="footer-solutions">
            <h2 id="footer-solutions" className="site-footer__heading">
              {footer.solutionsTitle}
            </h2>
            <ul className="footer-links">
              {solutions.map((solution) => (
                <li key={solution.path}>
                  <LocalLink to={solution.path}>{solution.title}</LocalLink>
                </li>
              ))}
            </ul>
          </nav>
          <div>
            <h2 className="site-footer__heading">{footer.contactTitle}</h2>
            <ul className="footer-contact">
              <li>
                <LocationIcon aria-hidden="true" size={18} />
                <PostalAddress address={company.address} layout="inline" />
              </li>
              <li>
                <PhoneIcon aria-hidden="true" size={18} />
                <PhoneLink phone={company.phone} />
              </li>
              <li>
                <EmailIcon aria-hidden="true" size={18} />
                <a href={`mailto:${company.email}`}>{company.email}</a>
              </li>
              <li>
                <TaxIcon aria-hidden="true" size={18} />
                <span>
                  {company.taxRegistration.label} {company.taxRegistration.value}
                </span>
              </li>
            </ul>
          </div>
        </div>
      </div>
      <div className="site-footer__bottom">
        <div className="container">
          <p>{fill(company.copyright, { year })}</p>
        </div>
      </div>
    </footer>
  )
}

export const footerFragments = graphql`
  fragment FooterSite on SiteJson {
    footer {
      subscribe {
        ...SubscribeLabels
      }
      usefulLinksTitle
      usefulLinks {
        label
        to
      }
      solutionsTitle
      contactTitle
      followTitle
    }
  }

  fragment FooterCompany on CompanyJson {
    ...Brand
    blurb
    ...CompanyContact
    social {
      ...SocialLink
    }
    copyright
  }
`
