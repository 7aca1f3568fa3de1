import type { BreadcrumbList, ItemList, Organization, WithContext } from "schema-dts"
import { graphql } from "gatsby"
import { localizeHref } from "./languages"

/**
 * An absolute URL on the site for a path such as /product or
 * /static/…/logo.svg; a page's path in the content's language
 * (/product on a Hindi page: …/hi/product).
 */
export function absolute(site: { readonly siteUrl: string; readonly locale?: string }, pathname: string): string {
  return new URL(site.locale ? localizeHref(pathname, site.locale) : pathname, `${site.siteUrl}/`).toString()
}

/** The company, with its contact point: on every page. */
export function organization(site: Site, company: Company): WithContext<Organization> {
  const { address } = company
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    "@id": `${site.siteUrl}/#organization`,
    name: company.name,
    legalName: company.legalName,
    description: company.blurb,
    url: absolute(site, "/"),
    ...(company.logo?.publicURL ? { logo: absolute(site, company.logo.publicURL) } : {}),
    email: company.email,
    telephone: company.phone.tel,
    address: {
      "@type": "PostalAddress",
      streetAddress: address.street,
      addressLocality: address.locality,
      addressRegion: address.region,
      postalCode: address.postalCode,
      addressCountry: address.country,
    },
    contactPoint: {
      "@type": "ContactPoint",
      contactType: "sales",
      telephone: company.phone.tel,
      email: company.email,
      url: absolute(site, "/contact"),
      availableLanguage: site.language,
    },
    sameAs: company.social.filter((profile) => !profile.hidden).map((profile) => profile.url),
  }
}

/** Home › page: the trail shown at the top of the page. */
export function breadcrumbs(site: Site, trail: { name: string; pathname: string }[]): WithContext<BreadcrumbList> {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: [{ name: site.breadcrumbHome, pathname: "/" }, ...trail].map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: absolute(site, crumb.pathname),
    })),
  }
}

/** A machine as /product lists it: its name, its picture's path and the page to ask about it */
export interface Machine {
  name: string
  image?: string | null
  url: string
}

/** The machines on /product, each a Product made by the company. */
export function machineList(site: Site, company: Company, machines: Machine[]): WithContext<ItemList> {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    itemListElement: machines.map((machine, index) => ({
      "@type": "ListItem",
      position: index + 1,
      item: {
        "@type": "Product",
        name: machine.name,
        ...(machine.image ? { image: absolute(site, machine.image) } : {}),
        url: absolute(site, machine.url),
        brand: { "@type": "Brand", name: company.name },
        manufacturer: { "@id": `${site.siteUrl}/#organization` },
      },
    })),
  }
}

/** JSON for a <script type="application/ld+json">: "<" escaped so no text can close the element. */
export function jsonLd(data: object): string {
  return JSON.stringify(data).replace(/</g, "\\u003c")
}

type Site = Queries.StructuredDataSiteFragment
type Company = Queries.StructuredDataCompanyFragment

export const structuredDataFragments = graphql`
  fragment StructuredDataSite on SiteJson {
    siteUrl
    locale
    language
    breadcrumbHome
  }

  fragment StructuredDataCompany on CompanyJson {
    name
    legalName
    blurb
    logo {
      publicURL
    }
    email
    phone {
      tel
    }
    address {
      ...PostalAddress
    }
    social {
      url
      hidden
    }
  }
`
