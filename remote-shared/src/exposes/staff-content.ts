/**
 * The staff inbox's texts, apart from ./content: only /staff needs them, and in ./content they
 * were about 3 KB gzip of every visitor's first page.
 */
export * from '../content/staff';
