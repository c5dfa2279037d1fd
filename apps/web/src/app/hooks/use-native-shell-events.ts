/**
 * Inside the native app: a shared link that opened the app shows its page, and the splash
 * screen goes once the first screen is drawn. Nothing happens on the web.
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { markFirstScreenDrawn, onAppLinkOpened } from '../../platform/app-shell-events.ts';

export function useNativeShellEvents(): void {
  const navigate = useNavigate();
  useEffect(() => {
    markFirstScreenDrawn();
  }, []);
  useEffect(
    () =>
      onAppLinkOpened((path) => {
        void navigate(path);
      }),
    [navigate],
  );
}
