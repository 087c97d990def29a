/** Importing this module installs the design tokens and the document baseline. */
export * from '../tokens';
