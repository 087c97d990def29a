/** The UI primitives more than one app uses. */
export * from '../ui';
