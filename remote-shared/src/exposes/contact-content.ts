/**
 * The contact page's texts and the form's limits, apart from ./content: only /contact needs
 * them, and in ./content they were about 0.9 KB gzip of every other first page.
 */
export * from '../content/contact';
