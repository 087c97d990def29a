/**
 * The About page's texts, apart from ./content: only /about needs them, and in ./content they
 * were 0.3 KB gzip of every other first page.
 */
export * from '../content/about';
