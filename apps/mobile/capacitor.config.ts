import type { CapacitorConfig } from '@capacitor/cli';
import { mobileAppConfig } from './app-config.ts';

const config: CapacitorConfig = {
  appId: mobileAppConfig.appId,
  appName: mobileAppConfig.appName,
  webDir: mobileAppConfig.webDir,
  backgroundColor: mobileAppConfig.backgroundColor,
  // The page is served from https://localhost (Android) and capacitor://localhost (iOS); the
  // server answers those origins' bearer-authenticated requests (CORS).
  server: { androidScheme: 'https' },
  plugins: {
    SplashScreen: {
      launchShowDuration: 0,
      launchAutoHide: false,
      backgroundColor: mobileAppConfig.backgroundColor,
      showSpinner: false,
      // The pin keeps its shape on tall phones (Android 11 and older draw splash.png full screen).
      androidScaleType: 'CENTER_CROP',
    },
    SocialLogin: {
      // Only Google and Apple: no other provider's SDK goes into the apps.
      providers: { google: true, apple: true, facebook: false, twitter: false },
    },
  },
};

export default config;
