// Loaded on its own before the app: React DOM's module is the largest one start-up evaluates,
// and evaluated here it gets a task of its own instead of lengthening the app's first one.
import 'react-dom/client';
