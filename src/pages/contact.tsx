import * as React from "react"
import { graphql, type HeadProps, type PageProps } from "gatsby"
import { ContactDetails } from "../components/blocks/ContactDetails"
import { ContactForm } from "../components/blocks/ContactForm"
import { PageBanner } from "../components/blocks/PageBanner"
import { Layout } from "../components/layout/Layout"
import type { PageContext } from "../lib/chrome"
import { Seo } from "../components/layout/Seo"
import { pageChrome } from "../lib/chrome"
import { required } from "../lib/required"
import "./contact.css"

export default function ContactPage({ data, pageContext }: PageProps<Queries.ContactPageQuery, PageContext>) {
  const site = required(data.siteJson, "site")
  const contact = required(data.contactJson, "contact")
  const company = required(data.companyJson, "company")
  const { forms, privacy } = pageChrome(data)
  const estimateStreams = required(data.estimateJson, "estimate").streams.map((stream) => stream.name)
  return (
    <Layout chrome={data} basePath={pageContext.basePath}>
      <PageBanner title={contact.title} breadcrumb={contact.breadcrumb} breadcrumbLabel={site.breadcrumbLabel} homeLabel={site.breadcrumbHome} />
      <section className="section contact">
        <div className="container contact__grid">
          <ContactDetails labels={contact} company={company} />
          <ContactForm data={contact.form} copy={forms} privacy={privacy} streams={estimateStreams} />
        </div>
      </section>
    </Layout>
  )
}

export function Head({ data }: HeadProps<Queries.ContactPageQuery>) {
  const contact = data.contactJson
  return <Seo chrome={data} pathname="/contact" title={contact?.title} description={contact?.description} breadcrumb={contact?.breadcrumb ?? ""} />
}

export const query = graphql`
  query ContactPage($locale: String!) {
    ...PageChrome
    siteJson(locale: { eq: $locale }) {
      breadcrumbLabel
      breadcrumbHome
    }
    companyJson(locale: { eq: $locale }) {
      ...CompanyContact
    }
    estimateJson(locale: { eq: $locale }) {
      streams {
        name
      }
    }
    contactJson(locale: { eq: $locale }) {
      title
      breadcrumb
      description
      ...ContactDetails
      form {
        ...ContactForm
      }
    }
  }
`
