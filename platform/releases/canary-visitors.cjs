// @ts-check
/**
 * A lane's sample seen visitor by visitor, the unit the canary draws: how many visitors, how
 * many of them met an error or a failed load, and each visitor's worst INP and LCP. A visitor is
 * a client mark (an IPv4 address, an IPv6 /64; client-marks.cjs), so a heavy visitor, a flaky
 * browser or a whole NAT counts once, and one visitor's many alike views are one value.
 *
 * Either way, the network (IPv4 /24, IPv6 /48) holding the most of what is counted is counted no
 * more than the next one, on both lanes: one network's many addresses cannot bend a verdict.
 */
const { networkOfMark } = require('../field-data/client-marks.cjs');

/** @typedef {import('./canary-samples.cjs').Sample} Sample */
/** @typedef {import('../field-data/histogram.cjs').Histogram} Histogram */

/** Worst values are binned 1 % wide for the rank test and the floors (stored in whole ms). */
const binGrowth = 1.01;
/** @param {number} ms */
const binOf = (ms) => (ms < 1 ? 0 : Math.floor(Math.log(ms) / Math.log(binGrowth)) + 1);
/** The largest value of a bin. @param {number} bin */
const binUpper = (bin) => binGrowth ** bin;

/**
 * @typedef {object} VisitorCounts
 * @property {number} visitors
 * @property {number} bad visitors who met an error or a failed load
 * @property {number} badNetworks networks the (counted) bad visitors come from
 * @property {number} badClients bad visitors counted (after the top network's cut)
 * @property {number} networks
 */

/**
 * Visitors and bad visitors of a sample. `weigh`: 'bad' cuts the network with the most bad
 * visitors to the next one's count (and that network's visitors by the same share: for a
 * rollback, and for live's floor), 'visitors' cuts the network with the most visitors to the
 * next one's (its bad ones stay: for "healthy"), 'none' counts all.
 * @param {Sample} sample @param {'bad' | 'visitors' | 'none'} weigh
 * @returns {VisitorCounts}
 */
function visitorCountsOf(sample, weigh) {
  const { networks, visitors, bad, badNetworks } = networksOf(sample);
  const all = { visitors, bad, badNetworks, badClients: bad, networks: networks.length };
  if (weigh === 'none' || networks.length === 0) return all;
  const key = weigh === 'bad' ? 'bad' : 'visitors';
  const { top, next: second } = topAndNext(networks, (entry) => entry[key]);
  if (!top) return all;
  const cut = top[key] - second;
  if (cut <= 0) return all;
  if (weigh === 'visitors') return { ...all, visitors: Math.max(bad, visitors - cut) };
  const visitorsCut = Math.round((top.visitors * cut) / top.bad);
  return {
    visitors: Math.max(bad - cut, visitors - visitorsCut),
    bad: bad - cut,
    badNetworks: second > 0 ? badNetworks : badNetworks - 1,
    badClients: bad - cut,
    networks: networks.length,
  };
}

/**
 * The entry of the largest value (null when none is above 0) and the largest value among the
 * others: the network a cut weighs as the next one.
 * @template T
 * @param {Iterable<T>} entries @param {(entry: T) => number} valueOf
 * @returns {{ top: T | null; next: number }}
 */
function topAndNext(entries, valueOf) {
  /** @type {T | null} */
  let top = null;
  let topValue = 0;
  let next = 0;
  for (const entry of entries) {
    const value = valueOf(entry);
    if (value > topValue) {
      next = topValue;
      top = entry;
      topValue = value;
    } else next = Math.max(next, value);
  }
  return { top, next };
}

/**
 * @typedef {object} NetworkTally
 * @property {{ visitors: number; bad: number }[]} networks
 * @property {Map<string, { visitors: number; bad: number }>} byNetwork the same entries, by network
 * @property {number} visitors
 * @property {number} bad
 * @property {number} badNetworks
 */

/**
 * Visitors and erring visitors per network, once per sample (a look asks several times; the
 * maps of a busy site hold tens of thousands of marks). A growing sample keeps its tally
 * current through addToSample.
 * @type {WeakMap<object, NetworkTally>}
 */
const networksCache = new WeakMap();

/** @param {Sample} sample @returns {NetworkTally} */
function networksOf(sample) {
  const { clients, badClients } = sample;
  const cached = networksCache.get(clients);
  if (cached && networksCache.get(badClients) === cached) return cached;
  /** @type {Map<string, { visitors: number; bad: number }>} */
  const networks = new Map();
  let visitors = 0;
  let bad = 0;
  const note = (/** @type {string} */ mark, /** @type {boolean} */ isBad) => {
    const network = networkOfMark(mark);
    let entry = networks.get(network);
    if (!entry) networks.set(network, (entry = { visitors: 0, bad: 0 }));
    entry.visitors += 1;
    visitors += 1;
    if (isBad) {
      entry.bad += 1;
      bad += 1;
    }
  };
  for (const mark in clients) if ((clients[mark] ?? 0) > 0) note(mark, (badClients[mark] ?? 0) > 0);
  // A visitor whose view was cut by its budget but whose error counted is still a visitor.
  for (const mark in badClients)
    if ((badClients[mark] ?? 0) > 0 && !((clients[mark] ?? 0) > 0)) note(mark, true);
  let badNetworks = 0;
  for (const entry of networks.values()) if (entry.bad > 0) badNetworks += 1;
  const result = { networks: [...networks.values()], byNetwork: networks, visitors, bad, badNetworks };
  networksCache.set(clients, result);
  networksCache.set(badClients, result);
  return result;
}

/**
 * The visitors' worst values of one metric as a histogram of 1 % bins ("b<bin>" -> visitors),
 * with the network of the most visitors cut to the next one's count: its `drop` end goes (the
 * highest values, where dropping them errs against a verdict that the network could have
 * forced; the lowest, for "healthy").
 * @param {Readonly<Record<string, number>>} worst @param {'highest' | 'lowest' | 'none'} drop
 * @returns {{ histogram: Histogram; count: number; networks: number; clients: number }}
 */
function worstHistogramOf(worst, drop) {
  const { byNetwork, histogram: whole, clients } = worstByNetworkOf(worst);
  let topNetwork = '';
  let topCount = 0;
  let second = 0;
  for (const [network, list] of byNetwork)
    if (list.length > topCount) {
      second = topCount;
      [topNetwork, topCount] = [network, list.length];
    } else second = Math.max(second, list.length);
  if (drop === 'none' || topCount <= second)
    return { histogram: whole, count: clients, networks: byNetwork.size, clients };
  /** @type {Histogram} */
  const histogram = { ...whole };
  const sorted = [...(byNetwork.get(topNetwork) ?? [])].sort((a, b) => a - b);
  const dropped = drop === 'highest' ? sorted.slice(second) : sorted.slice(0, topCount - second);
  for (const value of dropped) {
    const key = `b${binOf(value)}`;
    const left = (histogram[key] ?? 0) - 1;
    if (left > 0) histogram[key] = left;
    else delete histogram[key];
  }
  return {
    histogram,
    count: clients - dropped.length,
    networks: byNetwork.size,
    clients,
  };
}

/** @typedef {{ byNetwork: Map<string, number[]>; histogram: Histogram; clients: number }} WorstTally */
/** @type {WeakMap<object, WorstTally>} */
const worstCache = new WeakMap();

/** A worst map's values by network and as one histogram, once per map. @param {Readonly<Record<string, number>>} worst */
function worstByNetworkOf(worst) {
  const cached = worstCache.get(worst);
  if (cached) return cached;
  /** @type {Map<string, number[]>} */
  const byNetwork = new Map();
  /** @type {Histogram} */
  const histogram = {};
  let clients = 0;
  for (const mark in worst) {
    const value = worst[mark] ?? 0;
    if (value <= 0) continue;
    clients += 1;
    const network = networkOfMark(mark);
    const list = byNetwork.get(network);
    if (list) list.push(value);
    else byNetwork.set(network, [value]);
    const key = `b${binOf(value)}`;
    histogram[key] = (histogram[key] ?? 0) + 1;
  }
  const result = { byNetwork, histogram, clients };
  worstCache.set(worst, result);
  return result;
}

/**
 * Adds `part` into the growing sample `target` in place (views and histograms add, client
 * counts add, worst values take the larger) and keeps the summaries the judge reads of
 * `target` current, so that judging a growing sample at every look costs what was added, not
 * all of it again. The summaries are what networksOf and worstByNetworkOf would work out from
 * the maps afresh, as multisets (the judge reads them only sorted or by count).
 * @param {Sample} target @param {Sample} part
 */
function addToSample(target, part) {
  target.views += part.views;
  target.errorViews += part.errorViews;
  target.failedLoadViews += part.failedLoadViews;
  for (const field of /** @type {const} */ (['inp', 'lcp']))
    for (const key in part[field])
      target[field][key] = (target[field][key] ?? 0) + (part[field][key] ?? 0);
  const tally = networksOf(target);
  const { clients, badClients } = target;
  const rates = rateCache.get(clients);
  const rateTally = rates && rateCache.get(badClients) === rates ? rates : null;
  /** @param {string} mark @param {number} views @param {number} badViews */
  const note = (mark, views, badViews) => {
    const wasBad = (badClients[mark] ?? 0) > 0;
    const wasVisitor = wasBad || (clients[mark] ?? 0) > 0;
    if (rateTally && (views || badViews)) {
      const { viewCap, errorCap, byNetwork } = rateTally;
      const network = networkOfMark(mark);
      const old = rateTermsOf(clients[mark] ?? 0, badClients[mark] ?? 0, viewCap, errorCap);
      if (old) addTerms(byNetwork, network, old, -1, -1);
      const terms = rateTermsOf(
        (clients[mark] ?? 0) + views,
        (badClients[mark] ?? 0) + badViews,
        viewCap,
        errorCap,
      );
      if (terms) addTerms(byNetwork, network, terms, 1, 1);
    }
    if (views) clients[mark] = (clients[mark] ?? 0) + views;
    if (badViews) badClients[mark] = (badClients[mark] ?? 0) + badViews;
    const isBad = (badClients[mark] ?? 0) > 0;
    const isVisitor = isBad || (clients[mark] ?? 0) > 0;
    if (isVisitor === wasVisitor && isBad === wasBad) return;
    const network = networkOfMark(mark);
    let entry = tally.byNetwork.get(network);
    if (!entry) {
      tally.byNetwork.set(network, (entry = { visitors: 0, bad: 0 }));
      tally.networks.push(entry);
    }
    if (isVisitor && !wasVisitor) {
      entry.visitors += 1;
      tally.visitors += 1;
    }
    if (isBad && !wasBad) {
      entry.bad += 1;
      tally.bad += 1;
      if (entry.bad === 1) tally.badNetworks += 1;
    }
  };
  for (const mark in part.clients) note(mark, part.clients[mark] ?? 0, part.badClients[mark] ?? 0);
  for (const mark in part.badClients)
    if (!(mark in part.clients)) note(mark, 0, part.badClients[mark] ?? 0);
  for (const field of /** @type {const} */ (['inpWorst', 'lcpWorst'])) {
    const worst = target[field];
    const { byNetwork, histogram } = worstByNetworkOf(worst);
    const worstTally = /** @type {WorstTally} */ (worstCache.get(worst));
    for (const mark in part[field]) {
      const value = part[field][mark] ?? 0;
      const old = worst[mark] ?? 0;
      if (value <= old) continue;
      worst[mark] = value;
      const network = networkOfMark(mark);
      const list = byNetwork.get(network);
      if (old > 0 && list) {
        list[list.indexOf(old)] = value;
        const oldKey = `b${binOf(old)}`;
        const left = (histogram[oldKey] ?? 0) - 1;
        if (left > 0) histogram[oldKey] = left;
        else delete histogram[oldKey];
      } else {
        if (list) list.push(value);
        else byNetwork.set(network, [value]);
        worstTally.clients += 1;
      }
      const key = `b${binOf(value)}`;
      histogram[key] = (histogram[key] ?? 0) + 1;
    }
  }
}

/**
 * One visitor's part of the rate's sums: [e, v, e², e·v, v²], its views and erring views cut
 * to the caps (its own rate kept); null for no views.
 * @param {number} views @param {number} badViews @param {number} viewCap @param {number} errorCap
 */
function rateTermsOf(views, badViews, viewCap, errorCap) {
  const all = Math.max(views, badViews);
  if (!(all > 0)) return null;
  const scale = all > viewCap ? viewCap / all : 1;
  const v = all * scale;
  const e = Math.min(errorCap, Math.min(badViews, all) * scale);
  return [e, v, e * e, e * v, v * v];
}

/**
 * The rate's sums by network ([e, v, e², e·v, v², visitors]), once per sample and caps: a
 * growing sample keeps them current through addToSample (a busy site's day holds tens of
 * thousands of visitors, judged at every look).
 * @typedef {{ viewCap: number; errorCap: number; byNetwork: Map<string, number[]> }} RateTally
 * @type {WeakMap<object, RateTally>}
 */
const rateCache = new WeakMap();

/** @param {Sample} sample @param {number} viewCap @param {number} errorCap @returns {RateTally} */
function rateTallyOf(sample, viewCap, errorCap) {
  const { clients, badClients } = sample;
  const cached = rateCache.get(clients);
  if (
    cached &&
    rateCache.get(badClients) === cached &&
    cached.viewCap === viewCap &&
    cached.errorCap === errorCap
  )
    return cached;
  /** @type {Map<string, number[]>} */
  const byNetwork = new Map();
  /** @param {string} mark */
  const note = (mark) => {
    const terms = rateTermsOf(clients[mark] ?? 0, badClients[mark] ?? 0, viewCap, errorCap);
    if (terms) addTerms(byNetwork, networkOfMark(mark), terms, 1, 1);
  };
  for (const mark in clients) note(mark);
  for (const mark in badClients) if (!(mark in clients)) note(mark);
  const tally = { viewCap, errorCap, byNetwork };
  rateCache.set(clients, tally);
  rateCache.set(badClients, tally);
  return tally;
}

/**
 * Adds (sign 1) or takes away (sign -1) one visitor's terms in its network's sums.
 * @param {Map<string, number[]>} byNetwork @param {string} network @param {number[]} terms
 * @param {number} sign @param {number} visitors
 */
function addTerms(byNetwork, network, terms, sign, visitors) {
  let sums = byNetwork.get(network);
  if (!sums) byNetwork.set(network, (sums = [0, 0, 0, 0, 0, 0]));
  for (let index = 0; index < 5; index += 1)
    sums[index] = (sums[index] ?? 0) + sign * (terms[index] ?? 0);
  sums[5] = (sums[5] ?? 0) + visitors;
}

/**
 * A lane's erring views per view, visitor by visitor, with the sums the delta method needs for
 * the rate's variance (Deng, Knoblich and Lu, KDD 2018): each visitor's views are one cluster.
 * @typedef {object} ViewRate
 * @property {number} errors erring views counted (after the caps and the network's weight)
 * @property {number} views views counted
 * @property {number} visitors
 * @property {number} ee Σ e², per visitor
 * @property {number} ev Σ e·v
 * @property {number} vv Σ v²
 */

/**
 * The views with an error or a failed load per view. A visitor counts at most `viewCap` views
 * (more are scaled down to `viewCap`, its own rate kept) and at most `errorCap` erring views, so
 * one heavy or flaky visitor weighs as a couple of ordinary erring ones, not as a crowd; with
 * `weigh`, the network with the most erring views weighs no more than the next one (its
 * visitors scaled by the share that brings it there), on both lanes alike, so one network's
 * forged beacons cannot move the rate.
 * @param {Sample} sample @param {number} viewCap @param {number} errorCap @param {boolean} weigh
 * @returns {ViewRate}
 */
function viewRateOf(sample, viewCap, errorCap, weigh) {
  const networks = rateTallyOf(sample, viewCap, errorCap).byNetwork;
  // The network of the most erring views weighs as the next one (as visitorCountsOf cuts).
  const { top, next: second } = weigh
    ? topAndNext(networks.values(), (sums) => sums[0] ?? 0)
    : { top: null, next: 0 };
  const rate = { errors: 0, views: 0, visitors: 0, ee: 0, ev: 0, vv: 0 };
  for (const sums of networks.values()) {
    const [e = 0, v = 0, ee = 0, ev = 0, vv = 0, visitors = 0] = sums;
    // The cut network's visitors each weigh `weight` (a cluster scaled: its squares by weight²).
    const weight = sums === top && e > second ? second / e : 1;
    rate.errors += e * weight;
    rate.views += v * weight;
    rate.ee += ee * weight * weight;
    rate.ev += ev * weight * weight;
    rate.vv += vv * weight * weight;
    rate.visitors += visitors;
  }
  return rate;
}

/**
 * The mean and standard deviation of the logarithms of visitors' worst values, from their 1 %
 * bins (each at its bin's middle), in bin order: the same figures however the visitors came.
 * @param {Readonly<Record<string, number>>} worst
 * @returns {{ count: number; mean: number; sd: number }}
 */
function logSpreadOf(worst) {
  const bins = binsOf(worstByNetworkOf(worst).histogram);
  const step = Math.log(binGrowth);
  let count = 0;
  let sum = 0;
  for (const [bin, binCount] of bins) {
    count += binCount;
    sum += binCount * (bin - 0.5) * step;
  }
  const mean = count > 0 ? sum / count : 0;
  let squares = 0;
  for (const [bin, binCount] of bins) squares += binCount * ((bin - 0.5) * step - mean) ** 2;
  return { count, mean, sd: count > 1 ? Math.sqrt(squares / (count - 1)) : 0 };
}

/** Bins of a histogram, lowest first, with their counts. @param {Histogram} histogram */
function binsOf(histogram) {
  return Object.entries(histogram)
    .map(([key, count]) => /** @type {[number, number]} */ ([Number(key.slice(1)), count]))
    .sort((a, b) => a[0] - b[0]);
}

/**
 * The value at `fraction` of a binned histogram (its bin's upper bound); null when empty.
 * @param {Histogram} histogram @param {number} fraction
 */
function binnedPercentile(histogram, fraction) {
  const bins = binsOf(histogram);
  const total = bins.reduce((sum, [, count]) => sum + count, 0);
  if (total === 0) return null;
  const rank = Math.ceil(fraction * total);
  let seen = 0;
  for (const [bin, count] of bins) {
    seen += count;
    if (seen >= rank) return binUpper(bin);
  }
  return null;
}

/**
 * A value at or below the true `fraction` quantile with probability at least 1 - `level`: the
 * lower bound of the k-th smallest visitor's bin, k the largest order statistic that lies below
 * the quantile that often (binomial). Null when there are too few visitors for that.
 * @param {Histogram} histogram @param {number} fraction @param {number} level
 * @param {(k: number, n: number, p: number) => number} binomialCdf
 */
function lowerQuantileBound(histogram, fraction, level, binomialCdf) {
  const bins = binsOf(histogram);
  const total = bins.reduce((sum, [, count]) => sum + count, 0);
  if (total === 0) return null;
  // P(X_(k) > q) = P(fewer than k values ≤ q) = P(Bin(n, fraction) ≤ k - 1).
  let low = 0;
  let high = total;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (binomialCdf(middle - 1, total, fraction) <= level) low = middle;
    else high = middle - 1;
  }
  if (low < 1) return null;
  let seen = 0;
  for (const [bin, count] of bins) {
    seen += count;
    if (seen >= low) return bin <= 0 ? 0 : binUpper(bin - 1);
  }
  return null;
}

/**
 * Visitors whose worst value may lie above `threshold` (every visitor of a bin reaching past it).
 * @param {Histogram} histogram @param {number} threshold
 */
function countAbove(histogram, threshold) {
  let above = 0;
  for (const [bin, count] of binsOf(histogram)) if (binUpper(bin) > threshold) above += count;
  return above;
}

module.exports = {
  addToSample,
  viewRateOf,
  logSpreadOf,
  visitorCountsOf,
  worstHistogramOf,
  binnedPercentile,
  lowerQuantileBound,
  countAbove,
};
