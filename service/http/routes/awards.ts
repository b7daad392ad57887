import { AwardTokensRequest, awards, FundWalletRequest, ReverseAwardRequest } from "@/lib/contract/awards";
import { envelopeShape } from "@/lib/contract/envelope";
import { playerTag } from "../../cache/player-tags";
import { awardTokens, fundWallet } from "../../domain/awards";
import { reverseAward } from "../../domain/reversals";
import { ServiceError } from "../../domain/service-error";
import { getAward, getWallet } from "../../domain/wallet";
import { answerOtherMethods, getRoute, postOptions, type ServiceApp } from "../define-route";
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
      config: { keyCheckedByWrite: true, scope: "award" },
    },
    async (request) => {
      const project = projectOf(request);
      const outcome = await awardTokens(app.db, project.id, request.body, project);
      // This instance shows the award on the player's next read at once; others when the
      // database's notification arrives (docs/service.md, "Caches").
      app.cachedReads.players.evictTag(playerTag(project.id, request.body.CustomerID));
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
        response: {
          200: schemas.FundWalletResponse,
          "4xx": schemas.FundWalletFailure,
          "5xx": schemas.FundWalletFailure,
        },
      },
      config: { emptyLists: fundEmpty, scope: "fund" },
    },
    async (request) => {
      const project = projectOf(request);
      const outcome = await fundWallet(app.db, project.id, request.body, project.catalogueVersion);
      // The awards it settled paid players this instance may have kept answers of: a funding is
      // rare, so all of them go.
      if (outcome.settled.length > 0) app.cachedReads.players.clear();
      return ok({ Status: "Completed" as const, Settled: outcome.settled });
    },
  );
  answerOtherMethods(app, "/FundWallet", "POST", fundEmpty);

  // POST /ReverseAward (extension)
  app.post(
    "/ReverseAward",
    {
      ...postOptions,
      schema: {
        summary: "Extension: take back part or all of an award (cancel a queued one)",
        body: ReverseAwardRequest,
        response: { 200: schemas.ReverseAwardResponse, "4xx": Failure, "5xx": Failure },
      },
      config: { scope: "reverse" },
    },
    async (request) => {
      const project = projectOf(request);
      const answer = await reverseAward(app.db, project.id, request.body, project.catalogueVersion);
      // The player's balances changed, and a settlement may have paid others: as after a funding
      // that settled awards, every kept player answer goes; otherwise only this player's.
      if (answer.Settled.length > 0) app.cachedReads.players.clear();
      else app.cachedReads.players.evictTag(playerTag(project.id, answer.CustomerID));
      return ok({ Data: answer });
    },
  );
  answerOtherMethods(app, "/ReverseAward", "POST");

  // GET /Wallet/{key}/{project} (extension)
  getRoute(app, {
    url: "/Wallet/:YourAPIKEY/:ProjectGuid",
    summary: "Extension: project wallet balances and the queue of waiting awards",
    params: projectParams,
    response: schemas.WalletResponse,
    emptyLists: { Data: { Balances: [], Queue: [] } },
    handler: async ({ project }) => ok({ Data: await getWallet(app.db, project.id) }),
  });

  // GET /Awards/{key}/{project}/{RequestID} (extension)
  getRoute(app, {
    url: "/Awards/:YourAPIKEY/:ProjectGuid/:RequestID",
    summary: "Extension: one award and its current status",
    params: requestIdParams,
    response: schemas.AwardResponse,
    failure: Failure,
    handler: async ({ params, project }) => {
      const award = await getAward(app.db, project.id, params.RequestID);
      if (!award) throw new ServiceError("NOT_FOUND", 404, "No award of this project has that RequestID.");
      return ok({ Data: award });
    },
  });
}
