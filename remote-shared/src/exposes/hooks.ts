/** Hooks shared by the apps. */
export * from '../hooks';
