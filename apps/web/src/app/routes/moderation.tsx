/** /moderation: the moderation feature for the signed-in person's role. Loaded lazily. */
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { env } from '../../config/env.ts';
import { useCurrentUser } from '../../features/auth/api/get-current-user.ts';
import { useSignInDialog } from '../../features/auth/hooks/use-sign-in-dialog.tsx';
import { BrokenEquipment } from '../../features/conditions/components/broken-equipment.tsx';
import { ModerationPage } from '../../features/moderation/components/moderation-page.tsx';

export function ModerationRoute() {
  const me = useCurrentUser();
  const { openSignIn } = useSignInDialog();
  return (
    <>
      <title>{`Moderation · ${env.productName}`}</title>
      {me.isPending ? (
        <PageSpinner label="Loading" />
      ) : (
        <ModerationPage
          role={me.data?.role ?? null}
          extra={<BrokenEquipment />}
          onSignIn={() => {
            openSignIn('moderation');
          }}
        />
      )}
    </>
  );
}
