/**
 * Real plants whose output is published, and what the estimator makes of
 * their inputs: the calibration table of docs/estimator.md. Each plant is
 * run through the page's own functions (src/lib/estimate.ts) with the
 * published input and the page's defaults; a published gross figure is made
 * net with the stream's own-use factor before it is compared.
 *
 * The plants are the review's (2026-11-28, a process engineer's, with its
 * sources); a further set kept aside checks the model without being tuned to.
 */
export interface Plant {
  /** Row of the review's table */
  row: string
  plant: string
  stream: string
  /** Tonnes a day as fired (the published input) */
  tonnesPerDay: number
  /** What is published: MW while running, kWh a tonne, or t of charcoal a day */
  published: { mw?: number; kWhPerTonne?: number; charcoal?: number; basis: "gross" | "net" }
  /** What the published figure is, in a few words */
  what: string
  source: string
  /** The page's inputs beyond the stream and amount, where the plant publishes them */
  inputs?: Record<string, string>
  /** Why it stays outside the page's range, where it does: a design claim no measurement backs */
  outside?: string
}

export const PLANTS: readonly Plant[] = [
  {
    row: "1",
    plant: "Timarpur-Okhla, Delhi",
    stream: "municipal-waste",
    tonnesPerDay: 2050,
    published: { mw: 16, basis: "gross" },
    what: "2011 design",
    source: "asian-power.com; panchabuta.com 2011",
  },
  {
    row: "1a",
    plant: "Okhla",
    stream: "municipal-waste",
    tonnesPerDay: 1950,
    published: { mw: 23, basis: "gross" },
    what: "capacity, 2022",
    source: "newindianexpress.com 2022-09-06; indianexpress.com 2022-06-03",
  },
  {
    row: "1b",
    plant: "Okhla",
    stream: "municipal-waste",
    tonnesPerDay: 1950,
    published: { mw: 18.5, basis: "gross" },
    what: "actual, DPCC (low)",
    source: "henryclubs.com (2024 report quoting DPCC)",
  },
  {
    row: "1b",
    plant: "Okhla",
    stream: "municipal-waste",
    tonnesPerDay: 1950,
    published: { mw: 21.5, basis: "gross" },
    what: "actual, DPCC (high)",
    source: "henryclubs.com (2024 report quoting DPCC)",
  },
  {
    row: "1c",
    plant: "Okhla",
    stream: "municipal-waste",
    tonnesPerDay: 1050,
    published: { kWhPerTonne: 172, basis: "gross" },
    what: "first year, 38,138 MWh from 222,000 t",
    source: "newstrackindia.com 2012-08-02",
  },
  {
    row: "1d",
    plant: "Okhla",
    stream: "municipal-waste",
    tonnesPerDay: 1650,
    published: { kWhPerTonne: 152, basis: "net" },
    what: "to July 2013, 125 MU exported from 821,000 t",
    source: "Jindal presentation 2013-08-01 (sambuz.com copy)",
  },
  {
    row: "2",
    plant: "Ghazipur (EDWPCL), Delhi",
    stream: "municipal-waste",
    tonnesPerDay: 1300,
    published: { mw: 12, basis: "gross" },
    what: "capacity",
    source: "hindustantimes.com 2016; solidwasteindia.com",
  },
  {
    row: "3",
    plant: "Narela-Bawana, Delhi",
    stream: "municipal-waste",
    tonnesPerDay: 2000,
    published: { mw: 24, basis: "gross" },
    what: "capacity",
    source: "smartutilities.net.in 2017-04-29; thehindu.com 2017",
  },
  {
    row: "4",
    plant: "Jabalpur, Kathonda",
    stream: "municipal-waste",
    tonnesPerDay: 600,
    published: { mw: 11.5, basis: "gross" },
    what: "the developer's statement, 2018",
    source: "moneycontrol.com (Essel)",
    outside:
      "11.5 MW from 600 t a day needs waste of about 7.5 MJ/kg, twice what Indian waste is measured at: a design for better waste than the default, which a visitor with a measurement enters",
  },
  {
    row: "4a",
    plant: "Jabalpur, Kathonda",
    stream: "municipal-waste",
    tonnesPerDay: 900,
    published: { mw: 11.5, basis: "gross" },
    what: "capacity 900 t a day (2026)",
    source: "thehitavada.com 2026-01-07",
  },
  {
    row: "5",
    plant: "Jawaharnagar, Hyderabad",
    stream: "municipal-waste",
    tonnesPerDay: 1200,
    published: { mw: 19.8, basis: "gross" },
    what: "design (its feed is RDF, run as municipal waste as the review did)",
    source: "thehindubusinessline.com 2020-11-10",
  },
  {
    row: "5a",
    plant: "Jawaharnagar, Hyderabad",
    stream: "municipal-waste",
    tonnesPerDay: 1200,
    published: { kWhPerTonne: 325, basis: "gross" },
    what: "first months, 6.5 MU from 20,000 t",
    source: "newindianexpress.com 2020-11-10",
  },
  {
    row: "11",
    plant: "A.T. Biopower, Pichit, Thailand",
    stream: "rice-husk",
    tonnesPerDay: 520,
    published: { mw: 20, basis: "net" },
    what: "22 MW gross, 20 MW net at full load",
    source: "PDD summary (scribd 83473047); atbiopower.co.th",
  },
  {
    row: "11a",
    plant: "A.T. Biopower, Pichit, Thailand",
    stream: "rice-husk",
    tonnesPerDay: 520,
    published: { kWhPerTonne: 759, basis: "net" },
    what: "a year's ex-ante figure, 132,864 MWh from 175,000 t",
    source: "PDD summary (scribd 83473047)",
    outside:
      "a year's planned output counts start-ups and part load (81 % of the generator's full-load hours on 97 % of its fuel); the page counts a tonne burnt at full load, and is 5 % above at its low end",
  },
  {
    row: "13",
    plant: "Husk Power Systems, Bihar",
    stream: "rice-husk",
    tonnesPerDay: 1.2,
    published: { mw: 0.032, basis: "gross" },
    what: "32 kW from 50 kg of husk an hour",
    source: "bioenergyconsult 2012; gulfnews.com",
  },
  {
    row: "14",
    plant: "MPO hospital kiln, Poland",
    stream: "hospital-waste",
    tonnesPerDay: 4.8,
    published: { mw: 0, basis: "net" },
    what: "no electricity: 450 kW of heat",
    source: "igniss.com",
  },
  {
    row: "15",
    plant: "Bydgoszcz oncology centre, Poland",
    stream: "hospital-waste",
    tonnesPerDay: 14.4,
    published: { mw: 0, basis: "net" },
    what: "no electricity reported at 600 kg an hour",
    source: "pjoes.com (Bujak 2010); radiopik.pl 2019",
  },
  {
    row: "16",
    plant: "Coconut-shell pits, India",
    stream: "coconut-shells",
    tonnesPerDay: 10,
    published: { charcoal: 2.9, basis: "net" },
    what: 'pit, "just below 30 %"',
    source: "greenzcoir.com; apglobal.co.in (Coconut Development Board text)",
  },
  {
    row: "16a",
    plant: "Coconut-shell drums, Philippines",
    stream: "coconut-shells",
    tonnesPerDay: 10,
    published: { charcoal: 3.0, basis: "net" },
    what: 'drum, "about 30 %"',
    source: "philippinetambayan.com (PCA)",
  },
  {
    row: "16b",
    plant: "Coconut-shell carbonising pit",
    stream: "coconut-shells",
    tonnesPerDay: 10,
    published: { charcoal: 2.4, basis: "net" },
    what: "carbonising pit, 24 %",
    source: "pimsleur.me",
    outside: "a pit that burns part of its charge makes less char than the laboratory's 400-600 °C yields the factor rests on",
  },
  {
    row: "17",
    plant: "Traditional wood charcoal kilns",
    stream: "wood-chips",
    tonnesPerDay: 10,
    inputs: { moisture: "10.7" },
    published: { charcoal: 1.0, basis: "net" },
    what: "8-12 % of the wood charged",
    source: "energypedia (FAO table)",
    outside: "an earth kiln burns most of its wood to heat the rest; the factor is a retort's yield of oven-dry wood, which the page says",
  },
  {
    row: "17a",
    plant: "Thai beehive brick kiln",
    stream: "wood-chips",
    tonnesPerDay: 10,
    inputs: { moisture: "10.7" },
    published: { charcoal: 3.9, basis: "net" },
    what: "41-46 % by mass",
    source: "li01.tci-thaijo.org (Kasetsart J.)",
    outside: "a yield above a retort's is char not fully carbonised (volatiles left in it), not more carbon",
  },
]
