import { recordActivity } from "@/lib/auth/activity";
import { authorize } from "@/lib/auth/current-user";

/**
 * The page's activity signal (components/auth/activity-signal.tsx): a person typed or clicked, so
 * the idle timeout starts again (docs/console.md, "Sessions"). A POST, never a render; it answers
 * 401 once the session has ended, and the page goes to sign-in.
 */
export async function POST(): Promise<Response> {
  const access = await authorize(undefined, { beforeMfaSetup: true });
  if (!access.ok)
    return Response.json(
      { error: access.message },
      { status: 401, headers: { "cache-control": "no-store" } },
    );
  await recordActivity(access.signedIn.session.id);
  return new Response(null, { status: 204, headers: { "cache-control": "no-store" } });
}
