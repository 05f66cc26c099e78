import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { startServiceWorker } from './lib/service-worker.ts';
import './styles/global.css';

// The first render yields to the browser every few milliseconds instead of holding the page in one
// long task (a slow phone stays responsive while the app starts).
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

startServiceWorker();
