/**
 * The committed native projects against each other, the server and the app's config: what a
 * phone would refuse or silently get wrong, checked without the Android SDK or Xcode
 * (docs/native-apps.md, "What is checked without a phone").
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { UNIVERSAL_LINK_PATHS } from '../../server/src/features/app-links/universal-link-paths.ts';
import { googleUrlScheme, withGoogleUrlScheme } from '../scripts/google-url-scheme.ts';
import {
  childElements,
  parsePbxproj,
  parsePlist,
  parseXml,
  readProjectFile,
  stringOf,
  type PbxValue,
  type PlistValue,
} from './native-project-files.ts';

const ANDROID_NS = 'http://schemas.android.com/apk/res/android';
const manifest = parseXml(
  readProjectFile('android', 'app', 'src', 'main', 'AndroidManifest.xml'),
  'AndroidManifest.xml',
);
const infoPlistText = readProjectFile('ios', 'App', 'App', 'Info.plist');
const infoPlist = parsePlist(infoPlistText, 'Info.plist');
const entitlements = parsePlist(readProjectFile('ios', 'App', 'App', 'App.entitlements'), 'App.entitlements');
const privacy = parsePlist(
  readProjectFile('ios', 'App', 'App', 'PrivacyInfo.xcprivacy'),
  'PrivacyInfo.xcprivacy',
);
const pbxproj = parsePbxproj(readProjectFile('ios', 'App', 'App.xcodeproj', 'project.pbxproj'));
const buildGradle = readProjectFile('android', 'app', 'build.gradle');

const android = (element: { getAttributeNS(ns: string, name: string): string | null }, name: string) =>
  element.getAttributeNS(ANDROID_NS, name);

/** The objects of project.pbxproj, by id. */
const objects = pbxproj.objects as Record<string, Record<string, PbxValue>>;
const objectsOf = (isa: string) => Object.entries(objects).filter(([, object]) => object.isa === isa);

/** The App target's build configurations (Debug, Release), by name. */
function appTargetConfigurations(): Record<string, Record<string, PbxValue>> {
  const [, target] = objectsOf('PBXNativeTarget').find(([, object]) => object.name === 'App') ?? [];
  if (!target) throw new Error('project.pbxproj has no App target');
  const list = objects[stringOf(target.buildConfigurationList, 'buildConfigurationList')];
  const ids = (list?.buildConfigurations ?? []) as string[];
  return Object.fromEntries(
    ids.map((id) => {
      const configuration = objects[id];
      return [
        stringOf(configuration?.name, 'name'),
        (configuration?.buildSettings ?? {}) as Record<string, PbxValue>,
      ];
    }),
  );
}

/** The app-config.ts defaults: what a build gets with none of its variables set. */
async function defaultAppConfig() {
  vi.resetModules();
  vi.stubEnv('PLAYSPOT_API_URL', '');
  vi.stubEnv('PLAYSPOT_GOOGLE_IOS_CLIENT_ID', '');
  vi.stubEnv('PLAYSPOT_GOOGLE_WEB_CLIENT_ID', '');
  return (await import('../app-config.ts')).mobileAppConfig;
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('Android manifest', () => {
  const application = childElements(manifest, 'application')[0];
  const activity = application && childElements(application, 'activity')[0];

  it('asks for the permissions the plugins need, and no GPS hardware', () => {
    const permissions = childElements(manifest, 'uses-permission').map((element) => android(element, 'name'));
    expect(permissions.sort()).toEqual([
      'android.permission.ACCESS_COARSE_LOCATION',
      'android.permission.ACCESS_FINE_LOCATION',
      'android.permission.INTERNET',
    ]);
    const gps = childElements(manifest, 'uses-feature').find(
      (element) => android(element, 'name') === 'android.hardware.location.gps',
    );
    expect(gps && android(gps, 'required')).toBe('false');
  });

  it("opens the server's universal-link paths, verified, on https at the app-link host", () => {
    if (!activity) throw new Error('no main activity');
    expect(android(activity, 'exported')).toBe('true');
    expect(android(activity, 'launchMode')).toBe('singleTask');
    const filters = childElements(activity, 'intent-filter').filter((filter) =>
      childElements(filter, 'action').some(
        (action) => android(action, 'name') === 'android.intent.action.VIEW',
      ),
    );
    expect(filters).toHaveLength(1);
    const [links] = filters;
    if (!links) throw new Error('no App Links filter');
    expect(android(links, 'autoVerify')).toBe('true');
    expect(
      childElements(links, 'category')
        .map((category) => android(category, 'name'))
        .sort(),
    ).toEqual(['android.intent.category.BROWSABLE', 'android.intent.category.DEFAULT']);
    const data = childElements(links, 'data');
    expect(data.map((element) => android(element, 'scheme')).filter(Boolean)).toEqual(['https']);
    expect(data.map((element) => android(element, 'host')).filter(Boolean)).toEqual(['${appLinkHost}']);
    // iOS `/x/*` is Android's pathPrefix `/x/`; an iOS path without a wildcard is an exact path.
    const androidPaths = data.flatMap((element) => {
      const prefix = android(element, 'pathPrefix');
      const exact = android(element, 'path');
      return [...(prefix ? [`${prefix}*`] : []), ...(exact ? [exact] : [])];
    });
    expect(androidPaths.sort()).toEqual(UNIVERSAL_LINK_PATHS.map((component) => component['/']).sort());
  });
});

describe('iOS Info.plist, entitlements and privacy manifest', () => {
  it('explains every permission the plugins ask for', () => {
    for (const key of [
      'NSLocationWhenInUseUsageDescription',
      'NSCameraUsageDescription',
      'NSPhotoLibraryUsageDescription',
    ]) {
      expect(stringOf(infoPlist[key], key), key).toMatch(/^PlaySpot .{40,}/u);
    }
    expect(
      stringOf(infoPlist.NSLocationWhenInUseUsageDescription, 'NSLocationWhenInUseUsageDescription'),
    ).toContain('not stored or shared');
    expect(stringOf(infoPlist.NSCameraUsageDescription, 'NSCameraUsageDescription')).toContain(
      'shown publicly',
    );
    expect(stringOf(infoPlist.NSPhotoLibraryUsageDescription, 'NSPhotoLibraryUsageDescription')).toContain(
      'shown publicly',
    );
  });

  it('signs in with Apple and opens universal links for $(PLAYSPOT_HOST)', () => {
    expect(entitlements).toEqual({
      'com.apple.developer.applesignin': ['Default'],
      'com.apple.developer.associated-domains': ['applinks:$(PLAYSPOT_HOST)'],
    });
  });

  it('declares no tracking, what the app collects, and why it reads UserDefaults', () => {
    expect(privacy.NSPrivacyTracking).toBe(false);
    expect(privacy.NSPrivacyTrackingDomains).toEqual([]);
    const collected = privacy.NSPrivacyCollectedDataTypes as Record<string, PlistValue>[];
    expect(collected.map((entry) => entry.NSPrivacyCollectedDataType).sort()).toEqual([
      'NSPrivacyCollectedDataTypePhotosorVideos',
      'NSPrivacyCollectedDataTypePreciseLocation',
      'NSPrivacyCollectedDataTypeUserID',
    ]);
    for (const entry of collected) {
      expect(entry.NSPrivacyCollectedDataTypeTracking).toBe(false);
      expect(entry.NSPrivacyCollectedDataTypePurposes).toContain(
        'NSPrivacyCollectedDataTypePurposeAppFunctionality',
      );
    }
    expect(privacy.NSPrivacyAccessedAPITypes).toEqual([
      {
        NSPrivacyAccessedAPIType: 'NSPrivacyAccessedAPICategoryUserDefaults',
        NSPrivacyAccessedAPITypeReasons: ['CA92.1'],
      },
    ]);
  });
});

describe('Xcode project', () => {
  it('signs both configurations of the App target with App.entitlements', () => {
    const configurations = appTargetConfigurations();
    expect(Object.keys(configurations).sort()).toEqual(['Debug', 'Release']);
    for (const settings of Object.values(configurations)) {
      expect(settings.CODE_SIGN_ENTITLEMENTS).toBe('App/App.entitlements');
      expect(settings.PRODUCT_BUNDLE_IDENTIFIER).toBe('app.playspot');
      expect(settings.INFOPLIST_FILE).toBe('App/Info.plist');
    }
  });

  it('copies PrivacyInfo.xcprivacy into the app', () => {
    const [fileId] =
      objectsOf('PBXFileReference').find(([, file]) => file.path === 'PrivacyInfo.xcprivacy') ?? [];
    expect(fileId).toBeDefined();
    const [buildFileId] = objectsOf('PBXBuildFile').find(([, file]) => file.fileRef === fileId) ?? [];
    const resources = objectsOf('PBXResourcesBuildPhase').flatMap(([, phase]) => phase.files as string[]);
    expect(resources).toContain(buildFileId);
    const appGroup = objectsOf('PBXGroup').find(([, group]) => group.path === 'App');
    expect(appGroup?.[1].children).toContain(fileId);
  });
});

describe('one host everywhere', () => {
  let apiHost: string;
  beforeAll(async () => {
    apiHost = new URL((await defaultAppConfig()).apiUrl).host;
  });

  it('PLAYSPOT_HOST (both configurations), the Android playspotHost default and app-config agree', () => {
    expect(apiHost).toBe('playspot.app');
    for (const [name, settings] of Object.entries(appTargetConfigurations())) {
      expect(settings.PLAYSPOT_HOST, name).toBe(apiHost);
    }
    const gradleDefault = /appLinkHost: project\.findProperty\('playspotHost'\) \?: '([^']+)'/u.exec(
      buildGradle,
    );
    expect(gradleDefault?.[1]).toBe(apiHost);
  });
});

describe('the Google Sign-In URL scheme (written into Info.plist by mobile:sync)', () => {
  it('is the iOS client id reversed', () => {
    expect(googleUrlScheme('1234-abcd.apps.googleusercontent.com')).toBe(
      'com.googleusercontent.apps.1234-abcd',
    );
    for (const wrong of [
      '1234-abcd',
      'x.apps.googleusercontent.com.evil',
      '.apps.googleusercontent.com',
      'a b.apps.googleusercontent.com',
    ]) {
      expect(() => googleUrlScheme(wrong), wrong).toThrow(/Google iOS client id/u);
    }
  });

  it('is written once for a client id, replaced for another, removed without one', () => {
    const written = withGoogleUrlScheme(infoPlistText, '1234-abcd.apps.googleusercontent.com');
    expect(withGoogleUrlScheme(written, '1234-abcd.apps.googleusercontent.com')).toBe(written);
    const parsed = parsePlist(written, 'Info.plist with the scheme');
    expect(parsed.CFBundleURLTypes).toEqual([
      { CFBundleURLName: 'Google Sign-In', CFBundleURLSchemes: ['com.googleusercontent.apps.1234-abcd'] },
    ]);
    // Everything else stays as it was.
    expect({ ...parsed, CFBundleURLTypes: undefined }).toEqual({ ...infoPlist, CFBundleURLTypes: undefined });
    const other = parsePlist(withGoogleUrlScheme(written, '99-zz.apps.googleusercontent.com'), 'other');
    expect(other.CFBundleURLTypes).toEqual([
      { CFBundleURLName: 'Google Sign-In', CFBundleURLSchemes: ['com.googleusercontent.apps.99-zz'] },
    ]);
    expect(withGoogleUrlScheme(written, null)).toBe(infoPlistText);
  });

  it('is not in the committed Info.plist, which matches a build without a Google iOS client', async () => {
    expect((await defaultAppConfig()).googleIosClientId).toBeNull();
    expect(infoPlist).not.toHaveProperty('CFBundleURLTypes');
    expect(withGoogleUrlScheme(infoPlistText, null)).toBe(infoPlistText);
  });
});
