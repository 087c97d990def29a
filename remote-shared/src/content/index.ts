export * from './types';
export * from './studio';
export * from './navigation';
export * from './home';
export * from './pages';
export * from './mailto';
