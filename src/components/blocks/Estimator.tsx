import * as React from "react"
import { useLanguage, useLocalize } from "../../hooks/use-language"
import { graphql } from "gatsby"
import { CONTACT_FORM_ID, contactFormHref, LEAD_SOURCE_PARAM, type LeadSource } from "../../lib/links"
import {
  defaultDays,
  defaultMoisture,
  estimate,
  factorById,
  factorsUsed,
  formatExact,
  formatNumber,
  MAX_AMOUNT,
  MAX_GRID,
  MAX_MOISTURE,
  moistureFixed,
  plantExists,
  plantScale,
  readInputs,
  readPlainNumber,
  streamById,
  supportFuelNeed,
  tonnage,
  toQuery,
  typedNumberReader,
  type EstimateModel,
  type Inputs,
  type InputErrors,
  type NumberReader,
  type Range,
  type SolutionResult,
  type Stream,
} from "../../lib/estimate"
import { measuresFor, quoteEstimate, resultRows } from "../../lib/estimate-quote"
import { stringifyEstimate } from "../../lib/forms/estimate-payload"
import { ESTIMATE } from "../../lib/forms/fields"
import { languageByCode, numberLocale } from "../../lib/languages"
import { fill } from "../../lib/text"
import { numberFormat } from "../../lib/number-format"
import { SectionHeading } from "../primitives/SectionHeading"
// Its sheets (FormParts.css, Estimator.css) are imported by the page: this code comes after the page, its server HTML does not

export type EstimatorCopy = Queries.EstimatorFragment

const FIELDS = ["stream", "amount", "per", "moisture", "days", "grid"] as const
type Field = (typeof FIELDS)[number]
type Raw = Record<Field, string>

const rawFrom = (inputs: Inputs): Raw => ({ stream: inputs.stream, amount: String(inputs.amount), per: inputs.per, moisture: "", days: "", grid: "" })

/** The inputs a shared link carries (?stream=rice-husk&amount=20…), or undefined when it carries none; a missing amount is its stream's default */
function rawFromSearch(search: string, defaultAmount: (stream: string) => number): Raw | undefined {
  const query = new URLSearchParams(search)
  if (!FIELDS.some((field) => query.has(field))) return undefined
  const raw = Object.fromEntries(FIELDS.map((field) => [field, query.get(field) ?? ""])) as Raw
  if (!query.has("amount")) raw.amount = String(defaultAmount(raw.stream))
  return raw
}

/**
 * What only the browser knows, for the render after hydration: the address's
 * query and that the script runs. That render is a transition, so React
 * renders the whole calculator again in slices of about 5 ms; a store whose
 * server snapshot differs from the client's (useSyncExternalStore) would
 * re-render it at once, in one task that held a slowed phone's main thread for
 * 100 ms and more (Lighthouse's long tasks on /estimate).
 */
function useBrowserState(): { search: string; live: boolean } {
  const [state, setState] = React.useState({ search: "", live: false })
  React.useEffect(() => {
    React.startTransition(() => setState({ search: window.location.search, live: true }))
  }, [])
  return state
}

/**
 * Where a field will be, until the page's script runs: a box drawn like the
 * field, holding what it will hold. The first HTML has no form controls: a
 * page with them has Chrome lay it out at DOMContentLoaded for autofill,
 * before the font is in (20-30 ms of the first task on a slowed phone,
 * measured), and without JavaScript the fields could do nothing anyway.
 */
function Pending({ text, placeholder = false, list = false }: { text: string; placeholder?: boolean; list?: boolean }) {
  return (
    <span className={["field__control", placeholder && "field__control--placeholder", list && "field__control--list"].filter(Boolean).join(" ")}>{text}</span>
  )
}

/** A page's figures: rounded for people, in its language's notation (numberLocale: 100,000 in English, 1,00,000 in Hindi) */
type Figure = (value: number) => string

const showRange = (template: string, range: Range, figure: Figure) =>
  fill(template, { low: figure(range.low), high: figure(range.high), typical: figure(range.typical) })

/** The language the visitor's browser writes numbers in */
const visitorLocale = (): string => window.navigator.language || "en-GB"

/**
 * What the visitor types is read as their browser's language writes numbers
 * (1,000 in English, 1.000 in German), else as the page's language does (a
 * lakh, 1,00,000, on /hi/); Devanagari digits (१,००,०००) in either
 */
const typedNumbers = (page: string): NumberReader => typedNumberReader(visitorLocale(), page)

/** A number in a message about typing, written as the visitor's browser's language writes it, so the example reads as what to type */
const typedNumberText = (value: number): string => numberFormat(visitorLocale()).format(value)

/** What electricity's card says beside its figures: a plant no one builds, support fuel the waste needs, a plant smaller than the reference */
function electricityNotes(data: EstimatorCopy, model: EstimateModel, stream: Stream, result: SolutionResult, inputs: Inputs, figure: Figure): string[] {
  if (result.solution !== "electricity") return []
  const notes: string[] = []
  const exists = plantExists(model, result, tonnage(inputs).perDay)
  if (exists === "small")
    notes.push(fill(data.results.plantTooSmall, { kW: figure(result.kW.typical), smallest: figure(factorById(model, model.shared.smallestPlant).typical) }))
  if (exists === "large") notes.push(fill(data.results.plantTooLarge, { largest: figure(factorById(model, model.shared.largestPlant).typical) }))
  const threshold = model.factors.find((factor) => factor.id === model.shared.supportFuel)
  const need = supportFuelNeed(model, result.heatingValue)
  if (need === "short" && threshold)
    notes.push(fill(data.results.supportFuelShort, { typical: figure(result.heatingValue.typical), average: figure(threshold.typical) }))
  if (need === "season" && threshold) notes.push(fill(data.results.supportFuelSeason, { low: figure(result.heatingValue.low), minimum: figure(threshold.low) }))
  const scale = plantScale(model, stream, result.fuelMW)
  // a plant too small to exist is said already: no reference plant to compare it with
  if (scale && scale.needed < scale.reference && exists !== "small")
    notes.push(fill(data.results.plantSmaller, { reference: figure(scale.reference), needed: figure(scale.needed) }))
  return notes
}

/**
 * The calculator: the visitor's waste and amount in, each suitable
 * solution's outputs out, as ranges. The inputs live in the address, so a
 * shared link shows the same estimate; the page's first HTML shows the
 * default estimate, so nothing moves when the script takes over.
 */
export function Estimator({ data, model, products }: { data: EstimatorCopy; model: EstimateModel; products: string }) {
  const localize = useLocalize()
  // every figure in the page's notation; the address and the quote carry plain numbers in every language (toQuery)
  const language = useLanguage()
  const numbers = numberLocale(language)
  // a line's machines, joined as the page's language joins a list (A, B and C; A, B, और C)
  const machineList = React.useMemo(() => new Intl.ListFormat(languageByCode(language).tag, { type: "conjunction" }), [language])
  const figure: Figure = (value) => formatNumber(value, numbers)
  const exact = (value: number) => formatExact(value, numbers)
  const { form } = data
  const initial = readInputs(model, {}, form.defaultAmount).inputs
  // The address exists only in the browser: the page's HTML and its hydration read "" (the default
  // estimate), the render after reads the real one; and the fields replace their boxes then (live)
  const { search, live } = useBrowserState()
  const [edited, setEdited] = React.useState<Raw>()
  const [announcement, setAnnouncement] = React.useState("")
  // a stream may start at its own amount (a hospital makes no 20 t a day)
  const startAmount = (id: string) => (streamById(model, id) ?? model.streams[0]!).defaultAmount ?? form.defaultAmount
  const raw = edited ?? rawFromSearch(search, startAmount) ?? rawFrom(initial)
  // the address carries JavaScript's numbers (toQuery); typing, the visitor's own
  const shown = readInputs(model, raw, form.defaultAmount, edited ? typedNumbers(numbers) : readPlainNumber)

  const change = (field: Field) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const next = { ...raw, [field]: event.target.value }
    // a new stream brings its own moisture: the one typed for another waste no longer applies;
    // and its own starting amount, unless the visitor changed the amount
    if (field === "stream") {
      next.moisture = ""
      if (raw.amount.trim() === String(startAmount(raw.stream))) next.amount = String(startAmount(next.stream))
    }
    setEdited(next)
    const read = readInputs(model, next, form.defaultAmount, typedNumbers(numbers))
    if (Object.keys(read.errors).length > 0) return
    // the address carries the inputs, so a shared link shows the same estimate
    window.history.replaceState(window.history.state, "", `${window.location.pathname}?${toQuery(read.inputs)}${window.location.hash}`)
    const stream = streamById(model, read.inputs.stream)!
    setAnnouncement(
      fill(data.results.announce, {
        amount: figure(read.inputs.amount),
        unit: read.inputs.per === "day" ? form.perDay : form.perYear,
        stream: stream.name,
      }),
    )
  }

  const { inputs, errors } = shown
  const stream = streamById(model, inputs.stream)!
  const fixed = moistureFixed(stream)
  // results, and the quote, only for what the fields say: none while a field is wrong
  const invalid = Object.keys(errors).length > 0
  const results = invalid ? [] : estimate(model, inputs)
  // how a typed amount was read, when it is not plain digits (1,000 is a thousand in English, one in German)
  const amountRead =
    live && !errors.amount && raw.amount.trim() !== String(inputs.amount)
      ? fill(form.amountRead, { amount: figure(inputs.amount), unit: inputs.per === "day" ? form.perDay : form.perYear })
      : undefined
  const groups = [...new Set(model.streams.map((candidate) => candidate.group))]
  const defaultGrid = factorById(model, model.shared.gridEmission)
  const solutionCopy = (id: string) => data.solutions.find((solution) => solution.id === id)

  // the contact form's link carries the estimate; the forms' server makes it again from the inputs to check what is posted
  const quoteHref =
    results.length > 0
      ? `/contact?${new URLSearchParams({ subject: fill(data.results.quoteSubject, { stream: stream.name }), [LEAD_SOURCE_PARAM]: "estimate" satisfies LeadSource, [ESTIMATE]: stringifyEstimate(quoteEstimate(model, data, inputs, numbers)) }).toString()}#${CONTACT_FORM_ID}`
      : undefined
  const describedBy = (field: Field, hint: boolean) =>
    [hint ? `estimate-${field}-hint` : "", errors[field as keyof InputErrors] ? `estimate-${field}-error` : ""].filter(Boolean).join(" ") || undefined

  return (
    <section className="section estimator" aria-labelledby="estimator-heading">
      <div className="container">
        <SectionHeading eyebrow={data.eyebrow} title={data.heading} intro={data.intro} id="estimator-heading" />
        <noscript>
          <p className="estimator__noscript">{data.noScript}</p>
        </noscript>
        {/* not a <form>: nothing is sent, the results follow each change */}
        <div className="estimator__form">
          <div className="field estimator__stream">
            <label htmlFor={live ? "estimate-stream" : undefined}>{form.stream}</label>
            {live ? (
              <select id="estimate-stream" name="stream" value={raw.stream} onChange={change("stream")}>
                {groups.map((group) => (
                  <optgroup key={group} label={group}>
                    {model.streams
                      .filter((candidate) => candidate.group === group)
                      .map((candidate) => (
                        <option key={candidate.id} value={candidate.id}>
                          {candidate.name}
                        </option>
                      ))}
                  </optgroup>
                ))}
              </select>
            ) : (
              <Pending text={stream.name} list />
            )}
          </div>
          <div className="field">
            <label htmlFor={live ? "estimate-amount" : undefined}>{form.amount}</label>
            {live ? (
              <input
                id="estimate-amount"
                name="amount"
                type="text"
                inputMode="decimal"
                value={raw.amount}
                onChange={change("amount")}
                aria-invalid={errors.amount ? true : undefined}
                aria-describedby={
                  [stream.amountNote ? "estimate-amount-note" : "", describedBy("amount", Boolean(amountRead)) ?? ""].filter(Boolean).join(" ") || undefined
                }
              />
            ) : (
              <Pending text={raw.amount} />
            )}
            {stream.amountNote && (
              <p id="estimate-amount-note" className="field__hint">
                {stream.amountNote}
              </p>
            )}
            {amountRead && (
              <p id="estimate-amount-hint" className="field__hint">
                {amountRead}
              </p>
            )}
            {errors.amount && (
              <p id="estimate-amount-error" className="field__error">
                {fill(form.amountError, { max: typedNumberText(MAX_AMOUNT), example: typedNumberText(1500) })}
              </p>
            )}
          </div>
          <div className="field">
            <label htmlFor={live ? "estimate-per" : undefined}>{form.per}</label>
            {live ? (
              <select id="estimate-per" name="per" value={raw.per} onChange={change("per")}>
                <option value="day">{form.perDay}</option>
                <option value="year">{form.perYear}</option>
              </select>
            ) : (
              <Pending text={raw.per === "year" ? form.perYear : form.perDay} list />
            )}
          </div>
          <div className="field">
            <label htmlFor={live ? "estimate-moisture" : undefined}>{form.moisture}</label>
            {live ? (
              <input
                id="estimate-moisture"
                name="moisture"
                type="text"
                inputMode="decimal"
                value={fixed ? "" : raw.moisture}
                disabled={fixed}
                placeholder={fixed ? undefined : figure(defaultMoisture(model, stream))}
                onChange={change("moisture")}
                aria-invalid={errors.moisture ? true : undefined}
                aria-describedby={describedBy("moisture", true)}
              />
            ) : (
              <Pending text={fixed ? "" : figure(defaultMoisture(model, stream))} placeholder />
            )}
            <p id="estimate-moisture-hint" className={fixed ? "field__hint estimator__hint-print" : "field__hint"}>
              {fixed ? form.moistureFixed : fill(form.moistureHint, { default: figure(defaultMoisture(model, stream)) })}
            </p>
            {errors.moisture && (
              <p id="estimate-moisture-error" className="field__error">
                {fill(form.moistureError, { max: exact(MAX_MOISTURE) })}
              </p>
            )}
          </div>
          <div className="field">
            <label htmlFor={live ? "estimate-days" : undefined}>{form.days}</label>
            {live ? (
              <input
                id="estimate-days"
                name="days"
                type="text"
                inputMode="numeric"
                value={raw.days}
                placeholder={exact(defaultDays(model))}
                onChange={change("days")}
                aria-invalid={errors.days ? true : undefined}
                aria-describedby={describedBy("days", true)}
              />
            ) : (
              <Pending text={exact(defaultDays(model))} placeholder />
            )}
            <p id="estimate-days-hint" className="field__hint">
              {fill(form.daysHint, { default: exact(defaultDays(model)) })}
            </p>
            {errors.days && (
              <p id="estimate-days-error" className="field__error">
                {form.daysError}
              </p>
            )}
          </div>
          <div className="field">
            <label htmlFor={live ? "estimate-grid" : undefined}>{form.grid}</label>
            {live ? (
              <input
                id="estimate-grid"
                name="grid"
                type="text"
                inputMode="decimal"
                value={raw.grid}
                placeholder={figure(defaultGrid.typical)}
                onChange={change("grid")}
                aria-invalid={errors.grid ? true : undefined}
                aria-describedby={describedBy("grid", true)}
              />
            ) : (
              <Pending text={raw.grid || figure(defaultGrid.typical)} placeholder={!raw.grid} />
            )}
            <p id="estimate-grid-hint" className="field__hint">
              {fill(form.gridHint, { low: figure(defaultGrid.low), typical: figure(defaultGrid.typical), high: figure(defaultGrid.high) })}
            </p>
            {errors.grid && (
              <p id="estimate-grid-error" className="field__error">
                {fill(form.gridError, { max: figure(MAX_GRID) })}
              </p>
            )}
          </div>
        </div>

        <p className="visually-hidden" role="status" aria-live="polite">
          {announcement}
        </p>
        <h3 className="estimator__results-heading">{data.results.heading}</h3>
        <p className="estimator__disclaimer">{data.disclaimer}</p>
        {/* without JavaScript the page cannot read the visitor's inputs, nor a shared link's: the figures are the default's, and say so */}
        <noscript>
          <p className="estimator__noscript">
            {fill(data.results.example, { amount: figure(initial.amount), unit: form.perDay, stream: streamById(model, initial.stream)!.name })}
          </p>
        </noscript>
        {invalid ? <p className="estimator__invalid">{data.results.invalid}</p> : results.length === 0 && <p>{data.results.none}</p>}
        {results.length > 1 && <p className="estimator__alternatives">{data.results.alternatives}</p>}
        <div className="estimator__results">
          {results.map((result) => {
            const solution = solutionCopy(result.solution)
            return (
              <article key={result.solution} className="estimator__card" data-solution={result.solution}>
                <h4>{solution?.title ?? result.solution}</h4>
                <dl>
                  {resultRows(measuresFor(data.results, inputs, numbers), result, stream).map(([measure, range]) => (
                    <div key={`${measure.label} ${measure.unit}`}>
                      <dt>
                        {measure.label}, {measure.unit}
                      </dt>
                      <dd>{showRange(data.results.range, range, figure)}</dd>
                    </div>
                  ))}
                </dl>
                {electricityNotes(data, model, stream, result, inputs, figure).map((note) => (
                  <p key={note} className="estimator__note">
                    {note}
                  </p>
                ))}
                {solution && (
                  <>
                    <p className="estimator__machines">
                      {data.results.machines}: {/* the stream's own list where its line differs (hospital waste is not sorted by hand) */}
                      {machineList.formatToParts(stream.machines ?? solution.machines).map((part, index) =>
                        part.type === "element" ? (
                          <a key={index} href={localize(products)}>
                            {part.value}
                          </a>
                        ) : (
                          <React.Fragment key={index}>{part.value}</React.Fragment>
                        ),
                      )}
                    </p>
                    <p className="estimator__solution">
                      <a href={localize(solution.link.to)}>{solution.link.label}</a>
                    </p>
                    {/* what the line needs that we do not make, and why this stream's line differs */}
                    {[solution.lineNeeds, stream.lineNote].filter(Boolean).map((text) => (
                      <p key={text} className="estimator__note">
                        {text}
                      </p>
                    ))}
                  </>
                )}
              </article>
            )
          })}
        </div>
        {quoteHref && (
          <p className="estimator__actions">
            {/* Until the script runs, the page shows the default estimate, which is not the visitor's: the link carries none
                then, and without JavaScript it is hidden (Estimator.css) for the plain way to ask for an estimate below */}
            <a
              className="button button--green estimator__quote"
              href={localize(live ? quoteHref : contactFormHref(fill(data.results.quoteSubject, { stream: stream.name }), "estimate"))}
            >
              {data.results.quote}
            </a>
            <noscript>
              <a className="button button--green" href={localize(contactFormHref(data.failure.subject, "estimate"))}>
                {data.failure.contact}
              </a>
            </noscript>
            <a href="#how-we-estimate">{data.results.sources}</a>
            {/* printing needs the script; the browser's own menu prints the same page without it */}
            {live && (
              <button type="button" className="button estimator__print" onClick={() => window.print()}>
                {data.results.print}
              </button>
            )}
          </p>
        )}
        {/* on paper there is no link to the factor table: the factors this estimate rests on, with their sources, are printed under it (Estimator.css shows them only in print) */}
        {results.length > 0 && (
          <div className="estimator__print-sources">
            <h4>{data.results.printSources}</h4>
            <ul>
              {factorsUsed(model, inputs).map((factor) => (
                <li key={factor.id}>
                  {/* a single published value reads as one, not "35 to 35" */}
                  {fill(factor.low === factor.high ? data.results.printSourceOne : data.results.printSource, {
                    label: factor.label,
                    low: exact(factor.low),
                    typical: exact(factor.typical),
                    high: exact(factor.high),
                    unit: factor.unit,
                    publisher: factor.source.publisher,
                    title: factor.source.title,
                    year: factor.source.year,
                    url: factor.source.url,
                  })}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </section>
  )
}

export const query = graphql`
  fragment Estimator on EstimateJson {
    eyebrow
    heading
    intro
    disclaimer
    noScript
    failure {
      text
      contact
      subject
    }
    form {
      stream
      amount
      per
      perDay
      perYear
      moisture
      moistureHint
      moistureFixed
      days
      daysHint
      amountError
      amountRead
      moistureError
      daysError
      grid
      gridHint
      gridError
      defaultAmount
    }
    results {
      heading
      announce
      range
      electricityDay {
        ...EstimateMeasure
      }
      electricityYear {
        ...EstimateMeasure
      }
      plantSize {
        ...EstimateMeasure
      }
      heatingValue {
        ...EstimateMeasure
      }
      fuelInput {
        ...EstimateMeasure
      }
      charcoal {
        ...EstimateMeasure
      }
      biochar {
        ...EstimateMeasure
      }
      gridCredit {
        ...EstimateMeasure
      }
      gridDefault
      gridOwn
      landfill {
        ...EstimateMeasure
      }
      fossil {
        ...EstimateMeasure
      }
      ghg {
        ...EstimateMeasure
      }
      alternatives
      invalid
      supportFuelShort
      supportFuelSeason
      plantSmaller
      plantTooSmall
      plantTooLarge
      machines
      none
      quote
      quoteSubject
      example
      sources
      print
      printSources
      printSource
      printSourceOne
    }
    solutions {
      id
      title
      link {
        label
        to
      }
      machines
      lineNeeds
    }
  }

  fragment EstimateMeasure on EstimateMeasure {
    label
    unit
  }
`
