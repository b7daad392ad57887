import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { TEST_LIMITS } from "../testing/test-limits";
import { createUser, enrolTotp, passwordStep, SIGNED_OUT, signOut } from "./accounts";
import { auditRowsOf } from "./audit";
import { fillAward, GOLD, GOLD_DB, player } from "./award-form";
import { policyCard } from "./policies";
import { E2E_IDLE_MINUTES, ROLES, signInAs, storageState } from "./roles";
import { DEMO_API_KEY, DEMO_PROJECT_GUID, E2E_STEP_UP_SECONDS, SERVICE_BASE_URL } from "./servers";
import { unusedTotpCode } from "./totp";

/**
 * Staff accounts (docs/console.md, "Sessions", "Two-factor sign-in", "Audit log"): sessions that
 * end on the server, TOTP with recovery codes, step-up before money, people, connections and
 * settings — checked on the server — and an audit log owners read, verify and export. Serial: the
 * later tests read what the earlier ones did in the audit log.
 */
test.describe.configure({ mode: "serial" });

const PASSWORD = "a long enough password";
const stamp = Date.now();
const MFA_USER = `mfa-${stamp}@demo.test`;
const STEP_UP_USER = `stepup-${stamp}@demo.test`;
const FIRST_ENROL_USER = `first-enrol-${stamp}@demo.test`;
const AUTHJS_SIGN_OUT_USER = `authjs-sign-out-${stamp}@demo.test`;
const PASSWORD_USER = `password-${stamp}@demo.test`;
let secret = "";
let recoveryCodes: string[] = [];
let stepUpSecret = "";

const empty = SIGNED_OUT;

// The owners this spec creates are deactivated after it: other specs count on the demo owner
// being the only active one.
test.afterAll(async ({ browser }) => {
  const owner = await browser.newContext({ storageState: storageState("owner") });
  const page = await owner.newPage();
  await page.goto("/settings/users");
  // The table streams in: wait for it before asking which rows it has.
  await expect(page.getByTestId(`user-${ROLES.owner.email}`)).toBeVisible();
  for (const email of [MFA_USER, STEP_UP_USER, FIRST_ENROL_USER, AUTHJS_SIGN_OUT_USER, PASSWORD_USER]) {
    const deactivate = page.getByRole("button", { name: `Deactivate ${email}` });
    if ((await deactivate.count()) === 0) continue;
    await deactivate.click();
    await page
      .getByRole("dialog", { name: `Deactivate ${email}?` })
      .getByRole("button", { name: "Deactivate" })
      .click();
    await expect(page.getByTestId(`user-${email}`)).toContainText("Deactivated");
  }
  await owner.close();
});

const signInStep = (page: Page, email: string) => passwordStep(page, email, PASSWORD);
const createOwner = (browser: Browser, email: string) => createUser(browser, email, "owner", PASSWORD);
const enrol = enrolTotp;

async function freshPage(browser: Browser): Promise<Page> {
  return (await browser.newContext(empty)).newPage();
}

/**
 * Sessions of STEP_UP_USER whose second factor is no longer fresh, for the step-up test: signed
 * in with a second factor, then left longer than the step-up window (sessions from before the
 * set-up end with it). A factor goes stale only with time, so they are opened before the first
 * test and the window runs out while the tests before the step-up test run. Two sessions: the
 * settings page's, which passes its step-up, and one whose pages only cancel theirs, so it stays
 * stale for each of them. The second signs in with a recovery code, a second factor like a code
 * from the app (docs/console.md, "Two-factor sign-in"), so it need not wait for the app's next
 * 30 s step (the console never takes a step twice).
 */
let stale: { enrolling: Page; settingsPage: Page; usersPage: Page; staleAt: number };

test.beforeAll(async ({ browser }) => {
  // Five steps through the UI, as the step-up test took before they moved here.
  test.setTimeout(2 * TEST_LIMITS.testMs);
  await createOwner(browser, STEP_UP_USER);
  const enrolling = await freshPage(browser);
  await signInStep(enrolling, STEP_UP_USER);
  await expect(enrolling.getByTestId("current-user")).toHaveText(`${STEP_UP_USER} · owner`);
  const enrolled = await enrol(enrolling);
  stepUpSecret = enrolled.secret;
  const signedIn = async (factor: string): Promise<Page> => {
    const page = await freshPage(browser);
    await signInStep(page, STEP_UP_USER);
    await page.getByLabel("Authentication code").fill(factor);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByTestId("current-user")).toHaveText(`${STEP_UP_USER} · owner`);
    return page;
  };
  const settingsPage = await signedIn(await unusedTotpCode(stepUpSecret));
  const usersPage = await signedIn(enrolled.codes[0] ?? "");
  // Stale once the window has passed since the last sign-in, and a second more.
  stale = { enrolling, settingsPage, usersPage, staleAt: Date.now() + (E2E_STEP_UP_SECONDS + 1) * 1000 };
});

test("a session cookie copied before sign-out is worth nothing after it", async ({ browser }) => {
  const page = await freshPage(browser);
  await signInAs(page, "support");
  const copied = await page.context().cookies();
  const signOutsOfSupport = async () =>
    (await auditRowsOf(browser, "sign-out")).filter((row) => row.actor === ROLES.support.email).length;
  const before = await signOutsOfSupport();
  await signOut(page);
  // One row: the button ends the session itself; Auth.js's sign-out event then finds nothing left.
  expect(await signOutsOfSupport()).toBe(before + 1);

  const thief = await browser.newContext(empty);
  await thief.addCookies(copied);
  const stolen = await thief.newPage();
  await stolen.goto("/players");
  await expect(stolen).toHaveURL(/\/sign-in\?next=%2Fplayers$/);
  await thief.close();
  await page.context().close();
});

test("signing out on Auth.js's own page (/api/auth/signout) ends the session on the server too, and is logged", async ({
  browser,
}) => {
  await createUser(browser, AUTHJS_SIGN_OUT_USER, "support", PASSWORD);
  const page = await freshPage(browser);
  await signInStep(page, AUTHJS_SIGN_OUT_USER);
  await expect(page.getByTestId("current-user")).toHaveText(`${AUTHJS_SIGN_OUT_USER} · support`);
  const copied = await page.context().cookies();

  // An action of this session (the user menu's time zone), to be sent again with the copy.
  const posted = page.waitForRequest((r) => r.method() === "POST" && !!r.headers()["next-action"]);
  await page.getByTestId("current-user").click();
  await page.getByRole("menuitem", { name: /^Time zone:/ }).click();
  const zone = page.getByRole("dialog", { name: "Time zone" });
  await zone.getByLabel("Time zone").selectOption("Europe/Lisbon");
  await zone.getByRole("button", { name: "Save" }).click();
  await expect(zone).toBeHidden();
  const action = await posted;
  const sendAgain = (context: BrowserContext) =>
    context.request.post(action.url(), {
      headers: {
        "Next-Action": action.headers()["next-action"] as string,
        "Content-Type": "text/plain;charset=UTF-8",
        Accept: "text/x-component",
      },
      data: JSON.stringify([{ timeZone: "Asia/Tokyo" }]),
    });
  // Sent again while the session is open, it runs (the check below means something).
  expect(await (await sendAgain(page.context())).text()).toContain("Asia/Tokyo");

  // Auth.js's own page: a form that posts its CSRF token to /api/auth/signout. Its action is an
  // absolute URL naming localhost (the server's own name for itself here), not the 127.0.0.1 the
  // browser uses, so it leaves this origin and the CSP's form-action refuses it: the same fields
  // are posted from this origin instead.
  await page.goto("/api/auth/signout");
  await expect(page.getByText("Are you sure you want to sign out?")).toBeVisible();
  const form = page.locator("form[action$='/api/auth/signout']");
  const csrfToken = (await form.locator("input[name=csrfToken]").getAttribute("value")) ?? "";
  expect(csrfToken).toMatch(/^[0-9a-f]{64}$/);
  const signedOut = await page.context().request.post("/api/auth/signout", {
    form: { csrfToken },
    maxRedirects: 0,
  });
  expect(signedOut.status()).toBe(302);
  expect(signedOut.headers()["set-cookie"]).toMatch(/authjs\.session-token=;/);
  await page.goto("/players");
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fplayers$/);

  const thief = await browser.newContext(empty);
  await thief.addCookies(copied);
  const stolen = await thief.newPage();
  await stolen.goto("/players");
  await expect(stolen).toHaveURL(/\/sign-in\?next=%2Fplayers$/);
  const refused = await (await sendAgain(thief)).text();
  expect(refused).toContain("Your session has ended: sign in again.");
  expect(refused).not.toContain("Asia/Tokyo");
  await thief.close();
  await page.context().close();

  expect(
    (await auditRowsOf(browser, "sign-out")).filter((row) => row.actor === AUTHJS_SIGN_OUT_USER),
  ).toEqual([expect.objectContaining({ summary: "Signed out" })]);
});

test("the first two-factor set-up ends the account's other sessions: one opened with the password alone sends no award", async ({
  browser,
}) => {
  await createUser(browser, FIRST_ENROL_USER, "manager", PASSWORD);
  // A session opened with the password alone, before any second factor existed, its award filled in.
  const older = await freshPage(browser);
  await signInStep(older, FIRST_ENROL_USER);
  await expect(older.getByTestId("current-user")).toHaveText(`${FIRST_ENROL_USER} · manager`);
  const customerId = player("e2e-before-enrolment");
  await older.goto("/awards/new");
  await fillAward(older, { customerId, mode: "Allowance", token: GOLD, contract: GOLD_DB, amount: "1" });

  // The same person sets up two-factor sign-in in another browser; that session goes on.
  const enrolling = await freshPage(browser);
  await signInStep(enrolling, FIRST_ENROL_USER);
  // Signed in before the Account page is asked for: on a busy machine the password check can
  // still be running when the next navigation starts, which then goes out without the session.
  await expect(enrolling.getByTestId("current-user")).toHaveText(`${FIRST_ENROL_USER} · manager`);
  await enrol(enrolling);
  await enrolling.getByRole("button", { name: "I have saved them" }).click();
  await enrolling.goto("/awards");
  await expect(enrolling.getByTestId("current-user")).toHaveText(`${FIRST_ENROL_USER} · manager`);

  // The older session has ended: its award is refused (the review cannot ask about the player
  // either, so it asks to send without knowing), and no page opens.
  await older.getByRole("button", { name: "Review award" }).click();
  const review = older.getByRole("dialog");
  await expect(review.getByTestId("review-player")).not.toHaveText("Checking the player…");
  await review.getByRole("checkbox").check();
  await review.getByRole("button", { name: "Send award" }).click();
  await expect(older.getByTestId("award-outcome")).toContainText("Your session has ended: sign in again.");
  await older.goto("/awards");
  await expect(older).toHaveURL(/\/sign-in\?next=%2Fawards$/);
  await enrolling.goto(`/players/${encodeURIComponent(customerId)}`);
  await expect(enrolling.getByTestId("player-empty")).toBeVisible();

  const enrolled = (await auditRowsOf(browser, "mfa.enrolled")).filter(
    (row) => row.actor === FIRST_ENROL_USER,
  );
  expect(enrolled).toEqual([
    expect.objectContaining({
      summary: "Set up two-factor sign-in; 1 other session(s) ended",
      detail: { sessionsEnded: 1 },
    }),
  ]);
  await older.context().close();
  await enrolling.context().close();
});

test("one's own password: a wrong current one is named on its field; the right one changes it, and the new one signs in", async ({
  browser,
}) => {
  const NEW_PASSWORD = "another long enough password";
  await createUser(browser, PASSWORD_USER, "manager", PASSWORD);
  const page = await freshPage(browser);
  await signInStep(page, PASSWORD_USER);
  await expect(page.getByTestId("current-user")).toHaveText(`${PASSWORD_USER} · manager`);
  await page.goto("/account");
  const current = page.getByLabel("Current password");
  const next = page.getByLabel("New password");
  await current.fill("not the password at all");
  await next.fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.locator("#current-password-error")).toHaveText("Current password is not right.");
  await expect(current).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#new-password-error")).toHaveCount(0);

  await current.fill(PASSWORD);
  await page.getByRole("button", { name: "Change password" }).click();
  // Said on the page itself, and in the shell's toast.
  await expect(page.getByTestId("password-changed")).toBeVisible();
  await expect(page.getByText("Password changed.")).toBeVisible();
  await expect(current).toHaveValue("");
  await expect(next).toHaveValue("");
  await expect(page.locator("#current-password-error")).toHaveCount(0);

  await page.goto("/");
  await signOut(page);
  await passwordStep(page, PASSWORD_USER, NEW_PASSWORD);
  await expect(page.getByTestId("current-user")).toHaveText(`${PASSWORD_USER} · manager`);
  await page.context().close();
});

test("two-factor: enrol, sign in with a code; wrong and replayed codes are refused; a recovery code works once", async ({
  browser,
}) => {
  await createOwner(browser, MFA_USER);
  const page = await freshPage(browser);
  await signInStep(page, MFA_USER);
  await expect(page.getByTestId("current-user")).toHaveText(`${MFA_USER} · owner`);
  ({ secret, codes: recoveryCodes } = await enrol(page));
  await page.getByRole("button", { name: "I have saved them" }).click();
  // Both come from the page's own `enrolled`, which the set-up's answer re-rendered (the guard
  // revalidates): no reload, and no router.refresh() in the form.
  await expect(page.getByText(/^On: signing in asks for a code/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Replace authenticator" })).toBeVisible();
  await page.goto("/");
  await signOut(page);

  // The right password alone is not enough any more.
  await signInStep(page, MFA_USER);
  const codeField = page.getByLabel("Authentication code");
  await expect(codeField).toBeVisible();
  await codeField.fill("000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByTestId("sign-in-error")).toHaveText(
    "That code is wrong or was already used: enter the current code.",
  );
  const code = await unusedTotpCode(secret);
  await page.getByLabel("Authentication code").fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByTestId("current-user")).toHaveText(`${MFA_USER} · owner`);
  await signOut(page);

  // The same code again, within its window: refused.
  await signInStep(page, MFA_USER);
  await page.getByLabel("Authentication code").fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByTestId("sign-in-error")).toContainText("wrong or was already used");

  // A recovery code signs in once.
  const [recovery = ""] = recoveryCodes;
  await page.getByLabel("Authentication code").fill(recovery);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByTestId("current-user")).toHaveText(`${MFA_USER} · owner`);
  await signOut(page);
  await signInStep(page, MFA_USER);
  await page.getByLabel("Authentication code").fill(recovery);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByTestId("sign-in-error")).toContainText("wrong or was already used");
  await page.context().close();
});

test("step-up: each listed action asks for a fresh code, and the server refuses it without one", async () => {
  // The sessions' wait for the step-up window (what is left of it) and two codes.
  test.setTimeout(2 * TEST_LIMITS.testMs + E2E_STEP_UP_SECONDS * 1000);
  const { enrolling, settingsPage, usersPage, staleAt } = stale;
  const [connectionsPage, walletPage] = [
    await usersPage.context().newPage(),
    await usersPage.context().newPage(),
  ];
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, staleAt - Date.now())));
  const stepUp = (page: Page) => page.getByTestId("step-up-dialog");

  // Settings: the server says step-up; the dialog asks; the code lets the change through.
  await settingsPage.goto("/settings/security");
  const posted = settingsPage.waitForRequest((r) => r.method() === "POST" && !!r.headers()["next-action"]);
  await settingsPage.getByLabel("End idle sessions after (minutes)").fill("45");
  await settingsPage.getByRole("button", { name: "Save" }).click();
  const actionId = (await posted).headers()["next-action"] as string;
  await expect(stepUp(settingsPage)).toBeVisible();

  // The same action posted directly with a session that has no fresh second factor: refused.
  const direct = await usersPage.context().request.post("/settings/security", {
    headers: {
      "Next-Action": actionId,
      "Content-Type": "text/plain;charset=UTF-8",
      Accept: "text/x-component",
    },
    data: JSON.stringify([{ mfaRequiredFor: "owners", idleTimeoutMinutes: 46, auditRetentionDays: null }]),
  });
  const body = await direct.text();
  expect(body).toContain('"stepUp":true');
  expect(body).not.toContain('"ok":true');

  await stepUp(settingsPage)
    .getByLabel("Authentication code")
    .fill(await unusedTotpCode(stepUpSecret));
  await stepUp(settingsPage).getByRole("button", { name: "Confirm" }).click();
  await expect(settingsPage.getByText("Security settings saved.")).toBeVisible();
  await settingsPage.reload();
  await expect(settingsPage.getByLabel("End idle sessions after (minutes)")).toHaveValue("45");

  // Users and roles.
  await usersPage.goto("/settings/users");
  await usersPage.getByLabel(`Role of ${MFA_USER}`).selectOption("manager");
  await expect(stepUp(usersPage)).toBeVisible();
  await stepUp(usersPage).getByRole("button", { name: "Cancel" }).click();
  await expect(
    usersPage.getByText("Confirm it is you: enter a code from your authenticator app, then try again."),
  ).toBeVisible();

  // Connections.
  await connectionsPage.goto("/settings/connections");
  await connectionsPage.getByLabel("Name").fill(`Step-up ${stamp}`);
  await connectionsPage.getByLabel("Base URL").fill(SERVICE_BASE_URL);
  await connectionsPage.getByLabel("Project GUID").fill(DEMO_PROJECT_GUID);
  await connectionsPage.getByLabel("API key").fill(DEMO_API_KEY);
  await connectionsPage.getByRole("button", { name: "Save connection" }).click();
  await expect(stepUp(connectionsPage)).toBeVisible();
  await stepUp(connectionsPage).getByRole("button", { name: "Cancel" }).click();

  // Money: funding the wallet.
  await walletPage.goto("/wallet");
  await walletPage.getByLabel("Amount", { exact: true }).fill("1");
  await walletPage.getByRole("button", { name: "Fund wallet" }).click();
  await walletPage.getByTestId("fund-confirm").getByRole("button", { name: "Fund wallet" }).click();
  await expect(stepUp(walletPage)).toBeVisible();
  await stepUp(walletPage).getByRole("button", { name: "Cancel" }).click();
  await expect(walletPage.getByTestId("fund-outcome")).toContainText("Confirm it is you");
  await expect(walletPage.getByTestId("fund-outcome")).not.toContainText("Funded");

  // Award policies: the same page, a stale session, Cancel — nothing is saved.
  await connectionsPage.goto("/settings/policies");
  const gem = policyCard(connectionsPage, "GEM");
  await gem.getByLabel("Approval above").fill("1");
  await gem.getByRole("button", { name: "Save" }).click();
  await expect(stepUp(connectionsPage)).toBeVisible();
  await stepUp(connectionsPage).getByRole("button", { name: "Cancel" }).click();
  await connectionsPage.reload();
  await expect(policyCard(connectionsPage, "GEM").getByLabel("Approval above")).toHaveValue("");

  // API keys: making one at the service asks too; cancelled, no key is made.
  await usersPage.goto("/developers/keys");
  await usersPage.getByLabel("Name").fill(`Step-up key ${stamp}`);
  await usersPage.getByRole("button", { name: "Create key" }).click();
  await expect(stepUp(usersPage)).toBeVisible();
  await stepUp(usersPage).getByRole("button", { name: "Cancel" }).click();
  await expect(usersPage.getByTestId("new-secret-dialog")).toHaveCount(0);
  await usersPage.reload();
  await expect(usersPage.getByRole("row").filter({ hasText: `Step-up key ${stamp}` })).toHaveCount(0);
  // Rolling and revoking ask too: a key made at the service for the game's servers, rolled then
  // revoked from the stale session, each cancelled — the key is as it was.
  const made = await fetch(`${SERVICE_BASE_URL}/Keys`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      ApiKey: DEMO_API_KEY,
      ProjectGuid: DEMO_PROJECT_GUID,
      Name: `Game servers ${stamp}`,
      Scopes: ["read"],
    }),
  });
  expect(made.status).toBe(200);
  await usersPage.reload();
  const gameKey = usersPage.getByRole("row").filter({ hasText: `Game servers ${stamp}` });
  await gameKey.getByRole("button", { name: `Roll Game servers ${stamp}` }).click();
  const dialog = usersPage.getByRole("alertdialog").or(usersPage.getByRole("dialog"));
  await dialog.getByLabel("1 hour").check();
  await dialog.getByRole("button", { name: "Roll key" }).click();
  await expect(stepUp(usersPage)).toBeVisible();
  await stepUp(usersPage).getByRole("button", { name: "Cancel" }).click();
  await expect(usersPage.getByTestId("new-secret-dialog")).toHaveCount(0);
  await gameKey.getByRole("button", { name: `Revoke Game servers ${stamp}` }).click();
  await dialog.getByRole("button", { name: "Revoke key" }).click();
  await expect(stepUp(usersPage)).toBeVisible();
  await stepUp(usersPage).getByRole("button", { name: "Cancel" }).click();
  await usersPage.reload();
  await expect(gameKey).toHaveCount(1);
  await expect(gameKey).toContainText("Live");

  for (const page of [settingsPage, usersPage, enrolling]) await page.context().close();
});

test("owners can require two-factor of everyone: a support user is sent to set it up before anything else", async ({
  browser,
}) => {
  const owner = await freshPage(browser);
  await signInStep(owner, STEP_UP_USER);
  await owner.getByLabel("Authentication code").fill(await unusedTotpCode(stepUpSecret));
  await owner.getByRole("button", { name: "Verify" }).click();
  await expect(owner.getByTestId("current-user")).toHaveText(`${STEP_UP_USER} · owner`);
  const setRequirement = async (value: "everyone" | "owners") => {
    await owner.goto("/settings/security");
    await owner.getByLabel("Two-factor sign-in required for").selectOption(value);
    await owner.getByRole("button", { name: "Save" }).click();
    // Asked again when the sign-in's code is older than the step-up window (a slow run).
    const stepUp = owner.getByTestId("step-up-dialog");
    const saved = owner.getByText("Security settings saved.");
    await expect(stepUp.or(saved)).toBeVisible();
    if (await stepUp.isVisible()) {
      await stepUp.getByLabel("Authentication code").fill(await unusedTotpCode(stepUpSecret));
      await stepUp.getByRole("button", { name: "Confirm" }).click();
    }
    await expect(saved).toBeVisible();
  };
  await setRequirement("everyone");
  try {
    const support = await freshPage(browser);
    await support.goto("/sign-in");
    await support.getByLabel("Email").fill(ROLES.support.email);
    await support.getByLabel("Password").fill(ROLES.support.password);
    await support.getByRole("button", { name: "Sign in" }).click();
    await expect(support).toHaveURL(/\/account$/);
    await expect(support.getByRole("status")).toContainText("requires two-factor sign-in for your role");
    await support.goto("/players");
    await expect(support).toHaveURL(/\/account$/);
    // Actions are refused on the server too, not only pages.
    const answer = await support.context().request.post("/api/session/activity");
    expect(answer.status()).toBe(204);
    const overview = await support.context().request.get("/api/overview");
    expect(overview.status()).toBe(403);
    expect(await overview.text()).toContain("Set up two-factor sign-in first");
    await support.context().close();
  } finally {
    await setRequirement("owners");
  }
  await owner.context().close();
});

test("the audit log: owners read, filter, verify and export it; managers and support cannot", async ({
  browser,
}) => {
  const owner = await browser.newContext({ storageState: storageState("owner") });
  const page = await owner.newPage();
  await page.goto("/audit");
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  await page.getByLabel("Event").selectOption("mfa.enrolled");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/kind=mfa\.enrolled/);
  const rows = page.locator('[data-testid^="audit-"]');
  await expect(rows.filter({ hasText: MFA_USER })).toHaveCount(1);
  await expect(rows.filter({ hasText: STEP_UP_USER })).toHaveCount(1);
  // The filter is a plain GET form: the page loaded anew, and a click before its scripts ran would
  // go unheard (React replays clicks only once it has started hydrating; docs/testing.md).
  await page.waitForLoadState("load");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByTestId("audit-verdict")).toHaveText(
    /^Verified: all \d+ rows are intact and chained\.$/,
  );

  // JSON Lines: every row, chained; each kind this spec caused is there, with who and from where.
  const jsonl = await page.request.get("/audit/export.jsonl");
  expect(jsonl.headers()["content-type"]).toContain("application/jsonl");
  const exported = (await jsonl.text())
    .trim()
    .split("\n")
    .map(
      (line) =>
        JSON.parse(line) as {
          id: number;
          kind: string;
          actor: string;
          client: string;
          summary: string;
          prevHash: string;
          hash: string;
        },
    );
  exported.forEach((row, index) => {
    if (index > 0) expect(row.prevHash).toBe(exported[index - 1]?.hash);
  });
  const mine = (kind: string, actor: string) =>
    exported.filter((row) => row.kind === kind && row.actor === actor);
  expect(mine("user.created", ROLES.owner.email).map((r) => r.summary)).toEqual(
    expect.arrayContaining([`Created ${MFA_USER} as owner`, `Created ${STEP_UP_USER} as owner`]),
  );
  expect(mine("sign-in.succeeded", MFA_USER).length).toBeGreaterThanOrEqual(3);
  expect(mine("sign-in.failed", MFA_USER).length).toBeGreaterThanOrEqual(3);
  expect(mine("sign-out", MFA_USER).length).toBeGreaterThanOrEqual(3);
  expect(mine("mfa.enrolled", MFA_USER)).toHaveLength(1);
  expect(mine("mfa.recovery-code-used", MFA_USER)).toHaveLength(1);
  expect(mine("settings.changed", STEP_UP_USER)[0]?.summary).toBe(
    `Idle timeout (minutes): ${E2E_IDLE_MINUTES} → 45`,
  );
  expect(mine("sign-in.succeeded", MFA_USER)[0]?.client).not.toBe("");

  // CSV: the same rows, formula-safe.
  const csv = await page.request.get("/audit/export.csv");
  const lines = (await csv.text()).trim().split("\r\n");
  expect(lines[0]).toBe("id,at,actor,kind,project,client,user_agent,summary,detail,prev_hash,hash");
  expect(lines.length - 1).toBeGreaterThanOrEqual(exported.length);

  // Put the idle timeout back for the specs that follow.
  await page.goto("/settings/security");
  await page.getByLabel("End idle sessions after (minutes)").fill(String(E2E_IDLE_MINUTES));
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Security settings saved.")).toBeVisible();
  await owner.close();

  for (const role of ["manager", "support"] as const) {
    const context = await browser.newContext({ storageState: storageState(role) });
    const other = await context.newPage();
    expect((await other.request.get("/audit/export.jsonl")).status()).toBe(403);
    expect((await other.request.get("/audit/export.csv")).status()).toBe(403);
    await other.goto("/audit");
    await expect(other).toHaveURL(/\/not-allowed\?need=audit%3Aread$/);
    await context.close();
  }
});

test("an owner resets a lost authenticator: the user's sessions end and they sign in with the password again", async ({
  browser,
}) => {
  const theirs = await freshPage(browser);
  await signInStep(theirs, MFA_USER);
  await theirs.getByLabel("Authentication code").fill(await unusedTotpCode(secret));
  await theirs.getByRole("button", { name: "Verify" }).click();
  await expect(theirs.getByTestId("current-user")).toHaveText(`${MFA_USER} · owner`);

  const owner = await browser.newContext({ storageState: storageState("owner") });
  const page = await owner.newPage();
  await page.goto("/settings/users");
  await page.getByRole("button", { name: `Reset two-factor of ${MFA_USER}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Reset two-factor" }).click();
  await expect(page.getByText(`${MFA_USER} sets up two-factor again at their next sign-in.`)).toBeVisible();
  // The row shows it without a reload (the action's answer re-renders the page): nothing left to reset.
  await expect(page.getByRole("button", { name: `Reset two-factor of ${MFA_USER}` })).toHaveCount(0);
  await owner.close();

  await theirs.reload();
  await expect(theirs).toHaveURL(/\/sign-in/);
  await signInStep(theirs, MFA_USER);
  await expect(theirs.getByTestId("current-user")).toHaveText(`${MFA_USER} · owner`);
  const reset = (await auditRowsOf(browser, "mfa.reset")).at(-1);
  expect(reset).toMatchObject({
    actor: ROLES.owner.email,
    summary: `Reset the two-factor sign-in of ${MFA_USER}; 1 session(s) ended`,
  });

  // Signing oneself out everywhere (the Account page) ends this browser's session too, and is logged.
  await theirs.goto("/account");
  await theirs.getByRole("button", { name: "Sign out everywhere" }).click();
  await theirs.getByRole("dialog").getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(theirs).toHaveURL(/\/sign-in$/);
  await theirs.goto("/players");
  await expect(theirs).toHaveURL(/\/sign-in\?next=%2Fplayers$/);
  const ended = (await auditRowsOf(browser, "sessions.ended")).at(-1);
  expect(ended).toMatchObject({
    actor: MFA_USER,
    summary: "Signed themselves out everywhere: 1 session(s) ended",
  });
  await theirs.context().close();
});
