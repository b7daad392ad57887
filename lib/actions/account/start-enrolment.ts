"use server";
import "server-only";
import QRCode from "qrcode";
import { z } from "zod";
import { beginEnrolment } from "@/lib/auth/second-factor";
import { consoleEnv } from "@/lib/env";
import { consoleSecrets } from "@/lib/secrets";
import { defineAction } from "../define-action";

/**
 * The Account page's first step: a new secret, as a QR code and as text to type, sealed for this
 * user; nothing is stored until a code from the app proves it works (enrol-second-factor.ts).
 */
export const startEnrolmentAction = defineAction(
  "account:manage",
  z.object({}),
  async (_input, user) => {
    const enrolment = beginEnrolment(consoleSecrets(consoleEnv()).encryptionKeys, user);
    const qrSvg = await QRCode.toString(enrolment.uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
    return { pending: enrolment.pending, secret: enrolment.secret, uri: enrolment.uri, qrSvg };
  },
  { beforeMfaSetup: true, changesData: false },
);
