import * as React from "react"
import { graphql, type HeadProps, type PageProps } from "gatsby"
import { PageBanner } from "../components/blocks/PageBanner"
import { ProductList } from "../components/blocks/ProductList"
import { Layout } from "../components/layout/Layout"
import type { PageContext } from "../lib/chrome"
import { Seo } from "../components/layout/Seo"
import { contactFormHref } from "../lib/links"
import { required } from "../lib/required"

export default function ProductPage({ data, pageContext }: PageProps<Queries.ProductPageQuery, PageContext>) {
  const site = required(data.siteJson, "site")
  const products = required(data.productsJson, "products")
  return (
    <Layout chrome={data} basePath={pageContext.basePath}>
      <PageBanner title={products.title} breadcrumb={products.breadcrumb} breadcrumbLabel={site.breadcrumbLabel} homeLabel={site.breadcrumbHome} />
      <ProductList data={products} />
    </Layout>
  )
}

export function Head({ data }: HeadProps<Queries.ProductPageQuery>) {
  const products = data.productsJson
  const machines = (products?.items ?? []).map((item) => ({ name: item.title, image: item.image.publicURL, url: contactFormHref(item.title, "product") }))
  return (
    <Seo
      chrome={data}
      pathname="/product"
      title={products?.title}
      description={products?.description}
      breadcrumb={products?.breadcrumb ?? ""}
      machines={machines}
    />
  )
}

export const query = graphql`
  query ProductPage($locale: String!) {
    ...PageChrome
    siteJson(locale: { eq: $locale }) {
      breadcrumbLabel
      breadcrumbHome
    }
    productsJson(locale: { eq: $locale }) {
      title
      breadcrumb
      description
      items {
        title
        image {
          publicURL
        }
      }
      ...ProductList
    }
  }
`
