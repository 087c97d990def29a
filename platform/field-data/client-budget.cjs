// @ts-check
/**
 * What one client may add to one lane's field data in an hour, however many beacons it sends:
 * a visitor reads a few pages, so a budget of views, and a page that breaks for everyone breaks
 * for many visitors, so two views with an error (or a failed load) each. Beyond it a beacon is
 * still taken (204) but adds nothing, so one client cannot decide a verdict alone. A client is
 * an IPv4 address or an IPv6 /64 (one household or phone gets a whole /64).
 */
const clientBudget = Object.freeze({
  windowMs: 3_600_000,
  views: 30,
  errorViews: 2,
  failedLoadViews: 2,
});

module.exports = { clientBudget };
