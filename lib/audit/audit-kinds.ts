/**
 * Every kind of event the audit log records, with what a row of it says (docs/console.md, "Audit
 * log"). Browser-safe: the Audit page's filter lists them.
 */
export const AUDIT_KINDS = {
  "sign-in.succeeded": "Signed in",
  "sign-in.failed": "Sign-in refused (wrong password or code)",
  "sign-in.throttled": "Sign-in slowed down",
  "sign-out": "Signed out",
  "sessions.ended": "Sessions ended (sign out everywhere)",
  "mfa.enrolled": "Two-factor set up",
  "mfa.reset": "Two-factor reset",
  "mfa.recovery-code-used": "Recovery code used",
  "user.created": "User created",
  "user.role-changed": "Role changed",
  "user.deactivated": "User deactivated",
  "user.reactivated": "User reactivated",
  "user.password-reset": "Password set by an owner",
  "user.password-changed": "Password changed",
  "connection.created": "Connection created",
  "connection.changed": "Connection changed",
  "connection.deleted": "Connection deleted",
  "connection.key-replaced": "Connection key replaced",
  "settings.changed": "Settings changed",
  "award.sent": "Award sent",
  "award.retried": "Award retried",
  "award.requested": "Award waiting for approval",
  "batch.sent": "Bulk batch sent",
  "batch.rows-retried": "Bulk rows retried",
  "batch.requested": "Bulk batch waiting for approval",
  "award.refused": "Money action refused (limit, step-up, own request, role)",
  "award.refusals-capped": "Refusals capped (too many from one person in a minute)",
  "approval.approved": "Approved (and sent)",
  "approval.rejected": "Approval rejected",
  "approval.withdrawn": "Approval request withdrawn",
  "approval.expired": "Approval request expired",
  "policy.changed": "Award policy changed",
  "wallet.funded": "Wallet funded",
  "key.created": "API key made",
  "key.rolled": "API key rolled",
  "key.revoked": "API key revoked",
  "audit.pruned": "Old audit rows removed (retention)",
} as const;

export type AuditKind = keyof typeof AUDIT_KINDS;
export const AUDIT_KIND_NAMES = Object.keys(AUDIT_KINDS) as AuditKind[];
