import * as React from "react"
import { graphql, type HeadProps, type PageProps } from "gatsby"
import { PageBanner } from "../components/blocks/PageBanner"
import { Layout } from "../components/layout/Layout"
import type { PageContext } from "../lib/chrome"
import { Seo } from "../components/layout/Seo"
import { PRIVACY_PATH } from "../lib/links"
import { required } from "../lib/required"
import { fill } from "../lib/text"
import "./privacy.css"

/** The privacy notice: the content's sections, with the company's details and the retention the server applies filled in. */
export default function PrivacyPage({ data, pageContext }: PageProps<Queries.PrivacyPageQuery, PageContext>) {
  const site = required(data.siteJson, "site")
  const privacy = required(data.privacyJson, "privacy")
  const company = required(data.companyJson, "company")
  const { address } = company
  const values = {
    ...privacy.retention,
    legalName: company.legalName,
    address: [address.street, address.postalCode, address.locality, address.region, address.country].filter(Boolean).join(", "),
    email: company.email,
    phone: company.phone.display,
  }
  return (
    <Layout chrome={data} basePath={pageContext.basePath}>
      <PageBanner title={privacy.title} breadcrumb={privacy.breadcrumb} breadcrumbLabel={site.breadcrumbLabel} homeLabel={site.breadcrumbHome} />
      <section className="section privacy">
        <div className="container privacy__body">
          <p className="privacy__updated">{privacy.updated}</p>
          <p className="privacy__intro">{privacy.intro}</p>
          {privacy.sections.map((section) => (
            <section key={section.heading} className="privacy__section">
              <h2>{section.heading}</h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph}>{fill(paragraph, values)}</p>
              ))}
            </section>
          ))}
        </div>
      </section>
    </Layout>
  )
}

export function Head({ data }: HeadProps<Queries.PrivacyPageQuery>) {
  const privacy = data.privacyJson
  return <Seo chrome={data} pathname={PRIVACY_PATH} title={privacy?.title} description={privacy?.description} breadcrumb={privacy?.breadcrumb ?? ""} />
}

export const query = graphql`
  query PrivacyPage($locale: String!) {
    ...PageChrome
    siteJson(locale: { eq: $locale }) {
      breadcrumbLabel
      breadcrumbHome
    }
    companyJson(locale: { eq: $locale }) {
      legalName
      email
      phone {
        display
      }
      address {
        ...PostalAddress
      }
    }
    privacyJson(locale: { eq: $locale }) {
      title
      breadcrumb
      description
      updated
      intro
      sections {
        heading
        paragraphs
      }
      retention {
        contactDays
        unconfirmedDays
        keyDays
      }
    }
  }
`
