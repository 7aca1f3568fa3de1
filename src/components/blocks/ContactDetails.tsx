import * as React from "react"
import { graphql } from "gatsby"
import { EmailIcon, LocationIcon, PhoneIcon } from "../primitives/Icons"
import { PhoneLink } from "../primitives/PhoneLink"
import { PostalAddress } from "../primitives/PostalAddress"
import "./ContactDetails.css"

interface Props {
  labels: Queries.ContactDetailsFragment
  company: Queries.CompanyContactFragment
}

/** The company's address, phone (tel:) and e-mail (mailto:) on the contact page. */
export function ContactDetails({ labels, company }: Props) {
  return (
    <div className="contact-details">
      <h2>{labels.detailsTitle}</h2>
      <p>{labels.detailsText}</p>
      <ul>
        <li>
          <LocationIcon aria-hidden="true" size={24} />
          <div>
            <h3>{labels.addressLabel}</h3>
            <PostalAddress address={company.address} />
          </div>
        </li>
        <li>
          <PhoneIcon aria-hidden="true" size={24} />
          <div>
            <h3>{labels.phoneLabel}</h3>
            <PhoneLink phone={company.phone} />
          </div>
        </li>
        <li>
          <EmailIcon aria-hidden="true" size={24} />
          <div>
            <h3>{labels.emailLabel}</h3>
            <a href={`mailto:${company.email}`}>{company.email}</a>
          </div>
        </li>
      </ul>
      <p className="contact-details__tax">
        {company.taxRegistration.label} {company.taxRegistration.value}
      </p>
    </div>
  )
}

export const query = graphql`
  fragment ContactDetails on ContactJson {
    detailsTitle
    detailsText
    addressLabel
    phoneLabel
    emailLabel
  }

  # how to reach the company, which the footer shows too
  fragment CompanyContact on CompanyJson {
    address {
      ...PostalAddress
    }
    phone {
      ...PhoneLink
    }
    email
    taxRegistration {
      label
      value
    }
  }
`
