import * as React from "react"
import { graphql } from "gatsby"
import { EmailIcon, LocationIcon, PhoneIcon } from "../primitives/Icons"
import { PhoneLink } from "../primitives/PhoneLink"
import { SocialLinks } from "./SocialLinks"
import "./TopBar.css"

interface Props {
  labels: Queries.TopBarLabelsFragment
  company: Queries.TopBarCompanyFragment
  /** The language switcher */
  children?: React.ReactNode
}

/** The thin bar above the main menu: phone, e-mail, location and social links. */
export function TopBar({ labels, company, children }: Props) {
  return (
    <div className="top-bar">
      <div className="container top-bar__inner">
        <ul className="top-bar__contact">
          <li>
            <PhoneLink phone={company.phone}>
              <PhoneIcon aria-hidden="true" size={16} />
              <span className="visually-hidden">{`${labels.phoneLabel}: `}</span>
              {company.phone.display}
            </PhoneLink>
          </li>
          <li>
            <a href={`mailto:${company.email}`}>
              <EmailIcon aria-hidden="true" size={16} />
              <span className="visually-hidden">{labels.emailLabel}: </span>
              {company.email}
            </a>
          </li>
          <li className="top-bar__location">
            <LocationIcon aria-hidden="true" size={16} />
            <span className="visually-hidden">{labels.locationLabel}: </span>
            {company.location}
          </li>
        </ul>
        <div className="top-bar__end">
          {children}
          <SocialLinks social={company.social} className="social-links--top" />
        </div>
      </div>
    </div>
  )
}

export const topBarFragments = graphql`
  fragment TopBarLabels on SiteTopBar {
    phoneLabel
    emailLabel
    locationLabel
  }

  fragment TopBarCompany on CompanyJson {
    phone {
      ...PhoneLink
    }
    email
    location
    social {
      ...SocialLink
    }
  }
`
