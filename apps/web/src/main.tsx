// The two display fonts, self-hosted and loaded globally (spec §2, DESIGN.md).
import '@fontsource/fredoka/500.css';
import '@fontsource/fredoka/600.css';
import '@fontsource/nunito/400.css';
import '@fontsource/nunito/700.css';
import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { installAnalyticsExitFlush } from './lib/analytics/analytics.ts';
import { isNativeApp } from './platform/device.ts';
import { prepareNativeShell } from './platform/native-shell.ts';

installAnalyticsExitFlush();
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const container = root;
function render() {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
// Inside the iOS/Android app, the device's saved settings and session are read first; the web
// draws at once, with no promise in between.
if (isNativeApp()) void prepareNativeShell().then(render);
else render();
