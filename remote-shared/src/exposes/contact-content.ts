/**
 * The contact page's texts and the form's limits, apart from ./content: only /contact needs
 * them, and in ./content they were 1.4 KB gzip of every other first page.
 */
export * from '../content/contact';
