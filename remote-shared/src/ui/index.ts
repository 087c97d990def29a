export * from './smart-link';
export * from './button';
export * from './container';
export * from './logo';
export * from './social-links';
export * from './visually-hidden';
