import { startApp } from './app/start.tsx';
import './styles/global.css';

// The app starts after the first paint: a page that arrives already drawn (the sign-in pages,
// build/pages.ts) shows at once, and the app then takes it over.
requestAnimationFrame(() => setTimeout(startApp));
