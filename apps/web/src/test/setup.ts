/**
 * Shared test setup for the web app (jsdom). Testing Library cleans up between tests only
 * with vitest globals, which this project does not use, so it is done here; device storage
 * starts empty in every test.
 */
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

afterEach(() => {
  cleanup();
});
