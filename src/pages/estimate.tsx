import * as React from "react"
import { graphql, type HeadProps, type PageProps } from "gatsby"
import { EstimateMethod } from "../components/blocks/EstimateMethod"
import { Estimator } from "../components/blocks/Estimator"
import { PageBanner } from "../components/blocks/PageBanner"
import { Layout } from "../components/layout/Layout"
import { Seo } from "../components/layout/Seo"
import type { EstimateModel } from "../lib/estimate"
import { required } from "../lib/required"
import { breadcrumbs } from "../lib/structured-data"

const PRODUCTS_PATH = "/product"

export default function EstimatePage({ data }: PageProps<Queries.EstimatePageQuery>) {
  const site = required(data.siteJson, "content/site/site.json")
  const page = required(data.estimateJson, "content/estimate/estimate.json")
  const model = page as unknown as EstimateModel
  return (
    <Layout>
      <PageBanner title={page.title} breadcrumb={page.breadcrumb} breadcrumbLabel={site.breadcrumbLabel} homeLabel={site.breadcrumbHome} />
      <Estimator data={page} model={model} products={PRODUCTS_PATH} />
      <EstimateMethod data={page} model={model} />
    </Layout>
  )
}

export function Head({ data }: HeadProps<Queries.EstimatePageQuery>) {
  const page = data.estimateJson
  return (
    <Seo
      pathname="/estimate"
      title={page?.title}
      description={page?.description}
      structuredData={({ site }) => [breadcrumbs(site, [{ name: page?.breadcrumb ?? "", pathname: "/estimate" }])]}
    />
  )
}

export const query = graphql`
  query EstimatePage {
    siteJson {
      breadcrumbLabel
      breadcrumbHome
    }
    estimateJson {
      title
      breadcrumb
      description
      streams {
        id
        name
        group
        heatingValue
        heatingValueMoisture
        moisture
        efficiency
        charcoalYield
        biocharYield
        landfillCarbon
      }
      factors {
        id
        label
        low
        typical
        high
        unit
        note
        source {
          title
          publisher
          year
          url
        }
      }
      shared {
        latentHeat
        operatingDays
        decomposable
        methaneCorrection
        methaneFraction
        oxidation
        methaneWarming
        gridEmission
        waterConventional
        waterSaving
      }
      ...Estimator
      ...EstimateMethod
    }
  }
`
