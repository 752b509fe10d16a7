/**
 * React DOM's client for main.tsx, from a module of React's own chunk (vite.config.ts): React DOM,
 * a CommonJS module, then sets itself up while that chunk runs, in a task of its own (the
 * take-over script runs the app's chunks one per task), not inside the app's.
 */
export { createRoot, hydrateRoot } from 'react-dom/client';
