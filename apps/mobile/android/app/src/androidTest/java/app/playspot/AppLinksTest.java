package app.playspot;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import android.content.Context;
import android.content.Intent;
import android.content.pm.PackageManager;
import android.content.pm.ResolveInfo;
import android.net.Uri;
import androidx.test.ext.junit.runners.AndroidJUnit4;
import androidx.test.platform.app.InstrumentationRegistry;
import java.util.List;
import org.junit.Test;
import org.junit.runner.RunWith;

/**
 * On a device or emulator (`./gradlew connectedAndroidTest`): the installed app is
 * app.playspot, starts from the launcher, and its App Links filter takes exactly the shared
 * page links (/locations/…, /events, /deals) on the app-link host, and nothing else. The host
 * is playspot.app unless the run passes another:
 * `-Pandroid.testInstrumentationRunnerArguments.playspotHost=<host>` (with -PplayspotHost=<host>).
 */
@RunWith(AndroidJUnit4.class)
public class AppLinksTest {

    private final Context context = InstrumentationRegistry.getInstrumentation().getTargetContext();
    private final String host = InstrumentationRegistry.getArguments().getString("playspotHost", "playspot.app");

    /** The activities of this app that would open the link. */
    private List<ResolveInfo> activitiesFor(String url) {
        Intent view = new Intent(Intent.ACTION_VIEW, Uri.parse(url));
        view.addCategory(Intent.CATEGORY_BROWSABLE);
        view.setPackage(context.getPackageName());
        return context.getPackageManager().queryIntentActivities(view, PackageManager.MATCH_DEFAULT_ONLY);
    }

    private void assertOpensInApp(String url, boolean expected) {
        List<ResolveInfo> activities = activitiesFor(url);
        boolean opens = false;
        for (ResolveInfo info : activities) {
            opens |= MainActivity.class.getName().equals(info.activityInfo.name);
        }
        assertEquals(url, expected, opens);
    }

    @Test
    public void isPlaySpot() {
        assertEquals("app.playspot", context.getPackageName());
    }

    @Test
    public void startsFromTheLauncher() {
        Intent launch = context.getPackageManager().getLaunchIntentForPackage(context.getPackageName());
        assertTrue("no launcher intent", launch != null);
        assertEquals(MainActivity.class.getName(), launch.getComponent().getClassName());
    }

    @Test
    public void opensSharedPageLinks() {
        assertOpensInApp("https://" + host + "/locations/3f1c2a9e-0000-4000-8000-000000000001", true);
        assertOpensInApp("https://" + host + "/events", true);
        assertOpensInApp("https://" + host + "/deals", true);
    }

    @Test
    public void leavesOtherLinksToTheBrowser() {
        assertOpensInApp("https://" + host + "/", false);
        assertOpensInApp("https://" + host + "/api/locations", false);
        assertOpensInApp("https://" + host + "/events/archive", false);
        assertOpensInApp("http://" + host + "/events", false);
        assertOpensInApp("https://elsewhere.example/locations/3f1c2a9e-0000-4000-8000-000000000001", false);
    }
}
