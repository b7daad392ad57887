import { AwardTokensRequest, awards, FundWalletRequest } from "@/lib/contract/awards";
import { envelopeShape } from "@/lib/contract/envelope";
import { awardTokens, fundWallet } from "../../domain/awards";
import { ServiceError } from "../../domain/service-error";
import { getAward, getWallet } from "../../domain/wallet";
import { answerOtherMethods, postOptions, type ServiceApp } from "../define-route";
import { ok } from "../envelope";
import { projectOf } from "../guard";
import { projectParams, requestIdParams } from "./params";

const schemas = awards.emit;
const Failure = envelopeShape("emit").Failure;

export function awardRoutes(app: ServiceApp): void {
  // POST /AwardTokens
  app.post(
    "/AwardTokens",
    {
      ...postOptions,
      schema: {
        summary: "Award or allow tokens",
        body: AwardTokensRequest,
        response: { 200: schemas.AwardTokensResponse, "4xx": Failure, "5xx": Failure },
      },
    },
    async (request) => {
      const outcome = await awardTokens(app.db, projectOf(request).id, request.body);
      return ok({ Status: outcome.status });
    },
  );
  answerOtherMethods(app, "/AwardTokens", "POST");

  const fundEmpty = { Settled: [] };
  // POST /FundWallet (extension)
  app.post(
    "/FundWallet",
    {
      ...postOptions,
      schema: {
        summary: "Extension: fund the project wallet, then settle queued awards in order",
        body: FundWalletRequest,
        response: { 200: schemas.FundWalletResponse, "4xx": Failure, "5xx": Failure },
      },
      config: { emptyLists: fundEmpty },
    },
    async (request) => {
      const outcome = await fundWallet(app.db, projectOf(request).id, request.body);
      return ok({ Status: "Completed" as const, Settled: outcome.settled });
    },
  );
  answerOtherMethods(app, "/FundWallet", "POST", fundEmpty);

  const walletUrl = "/Wallet/:YourAPIKEY/:ProjectGuid";
  const walletEmpty = { Data: { Balances: [], Queue: [] } };
  // GET /Wallet/{key}/{project} (extension)
  app.get(
    walletUrl,
    {
      schema: {
        summary: "Extension: project wallet balances and the queue of waiting awards",
        params: projectParams,
        response: { 200: schemas.WalletResponse, "4xx": schemas.WalletResponse, "5xx": schemas.WalletResponse },
      },
      config: { emptyLists: walletEmpty },
    },
    async (request) => ok({ Data: await getWallet(app.db, projectOf(request).id) }),
  );
  answerOtherMethods(app, walletUrl, "GET", walletEmpty);

  const awardUrl = "/Awards/:YourAPIKEY/:ProjectGuid/:RequestID";
  // GET /Awards/{key}/{project}/{RequestID} (extension)
  app.get(
    awardUrl,
    {
      schema: {
        summary: "Extension: one award and its current status",
        params: requestIdParams,
        response: { 200: schemas.AwardResponse, "4xx": Failure, "5xx": Failure },
      },
    },
    async (request) => {
      const award = await getAward(app.db, projectOf(request).id, request.params.RequestID);
      if (!award) throw new ServiceError("NOT_FOUND", 404, "No award of this project has that RequestID.");
      return ok({ Data: award });
    },
  );
  answerOtherMethods(app, awardUrl, "GET");
}
