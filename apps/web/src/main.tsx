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
import { startI18n } from './lib/i18n/i18n.ts';
import { startLanguage } from './lib/i18n/languages.ts';
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
// In English the texts the first screen needs are bundled: it draws at once, with no promise
// in between. In another language its first texts load first (two small files), so no
// English flashes before the translation.
function start() {
  const language = startLanguage();
  const ready = startI18n(language);
  if (language === 'en') render();
  else void ready.then(render, render);
}
// Inside the iOS/Android app, the device's saved settings (the language among them) and
// session are read first.
if (isNativeApp()) void prepareNativeShell().then(start);
else start();
