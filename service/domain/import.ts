import { type SQL, sql } from "drizzle-orm";
import type { ServiceDb } from "../db/connection";
import { type Fixture, FixtureError, parseFixture } from "../db/fixture";
import { hashApiKey, keyPrefix } from "./keys";
import { type OpeningBalance, postOpeningBalances } from "./ledger";
import { rows } from "./sql-rows";

/**
 * Loads a project fixture (docs/service.md, "Data in") as one database transaction: either all of it lands or
 * nothing does. Rows go in by the thousand through `unnest`, so a generated project of 100,000
 * customers loads in one statement per table and chunk rather than one per row.
 */

export interface ImportOptions {
  /** Delete the whole project first, awards and RequestIDs included (tests and demos). */
  reset: boolean;
}

export interface ImportResult {
  projectId: number;
  /** "created", "replaced" (catalogue and holdings) or "reset" (the whole project). */
  mode: "created" | "replaced" | "reset";
  counts: { tokens: number; products: number; prices: number; customers: number; items: number };
}

const CHUNK = 5_000;

/** Runs `insert` once per chunk of `list`, collecting what each chunk returns. */
async function inChunks<T, R>(list: readonly T[], insert: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let start = 0; start < list.length; start += CHUNK) {
    out.push(...(await insert(list.slice(start, start + CHUNK))));
  }
  return out;
}

const param = <T>(values: readonly T[], type: string): SQL =>
  sql`${sql.param([...values])}::${sql.raw(type)}[]`;
const lower = (guid: string) => guid.toLowerCase();

async function prepareProject(db: ServiceDb, fixture: Fixture, reset: boolean) {
  const guid = fixture.project.guid;
  const [existing] = await rows<{ id: number; requests: number }>(
    db,
    sql`select p.id, (select count(*)::int from service.awards a where a.project_id = p.id) as requests
          from service.projects p where p.guid = ${guid}::uuid for update`,
  );
  if (existing && !reset && existing.requests > 0) {
    throw new FixtureError(
      `Project ${guid} already has ${existing.requests} award(s) or funding(s) made through the API; ` +
        "importing it again would rewrite holdings they explain. Use --reset to delete the whole project first (RequestIDs included).",
    );
  }
  if (existing && reset) {
    await db.execute(sql`delete from service.projects where id = ${existing.id}`);
  } else if (existing) {
    // Catalogue and holdings only; the project row and its API keys stay.
    for (const table of [
      "ledger_transactions",
      "accounts",
      "customers",
      "prices",
      "products",
      "tokens",
      "chains",
    ]) {
      await db.execute(sql`delete from ${sql.raw(`service.${table}`)} where project_id = ${existing.id}`);
    }
    await db.execute(
      sql`update service.projects
             set name = ${fixture.project.name}, guid_text = ${guid}, catalogue_version = catalogue_version + 1
           where id = ${existing.id}`,
    );
    return { projectId: existing.id, mode: "replaced" as const };
  }
  const [created] = await rows<{ id: number }>(
    db,
    sql`insert into service.projects (guid, guid_text, name) values (${guid}::uuid, ${guid}, ${fixture.project.name})
        returning id`,
  );
  if (!created) throw new Error("The project row was not stored.");
  return { projectId: created.id, mode: existing ? ("reset" as const) : ("created" as const) };
}

async function importKeys(db: ServiceDb, projectId: number, keys: readonly string[]): Promise<void> {
  for (const key of keys) {
    const hash = hashApiKey(key);
    const [owner] = await rows<{ project_id: number }>(
      db,
      sql`select project_id from service.api_keys where key_hash = ${hash}`,
    );
    if (owner && owner.project_id !== projectId) {
      throw new FixtureError(
        `Invalid fixture: project.apiKeys holds a key (${keyPrefix(key)}…) that belongs to another project.`,
      );
    }
    if (!owner) {
      await db.execute(
        sql`insert into service.api_keys (project_id, key_hash, prefix, label)
            values (${projectId}, ${hash}, ${keyPrefix(key)}, 'fixture')`,
      );
    }
  }
}

export async function importFixture(
  db: ServiceDb,
  data: unknown,
  options: ImportOptions,
): Promise<ImportResult> {
  const fixture = parseFixture(data);
  return db.transaction(async (txHandle) => {
    const tx = txHandle as unknown as ServiceDb;
    const { projectId, mode } = await prepareProject(tx, fixture, options.reset);
    await importKeys(tx, projectId, fixture.project.apiKeys);

    const chains = await rows<{ id: number; name: string }>(
      tx,
      sql`insert into service.chains (project_id, name, symbol, address_format)
          select ${projectId}, n, s, f
            from unnest(${param(
              fixture.chains.map((c) => c.name),
              "text",
            )}, ${param(
              fixture.chains.map((c) => c.symbol),
              "text",
            )},
                        ${param(
                          fixture.chains.map((c) => c.addressFormat),
                          "text",
                        )}) with ordinality as t(n, s, f, o)
           order by o returning id, name`,
    );
    const chainId = new Map(chains.map((c) => [c.name.toUpperCase(), c.id]));
    const chainName = new Map(chains.map((c) => [c.name.toUpperCase(), c.name]));
    const chainOf = (name: string) => chainId.get(name.toUpperCase()) as number;

    const tokens = await rows<{ id: number; guid: string }>(
      tx,
      sql`insert into service.tokens (project_id, guid, guid_text, symbol, name, image)
          select ${projectId}, g::uuid, g, s, n, i
            from unnest(${param(
              fixture.tokens.map((t) => t.guid),
              "text",
            )}, ${param(
              fixture.tokens.map((t) => t.symbol),
              "text",
            )},
                        ${param(
                          fixture.tokens.map((t) => t.name),
                          "text",
                        )}, ${param(
                          fixture.tokens.map((t) => t.image),
                          "text",
                        )})
                 with ordinality as t(g, s, n, i, o)
           order by o returning id, guid::text as guid`,
    );
    const tokenId = new Map(tokens.map((t) => [t.guid, t.id]));
    const contractList = fixture.tokens.flatMap((t) =>
      t.contracts.map((c) => ({
        ...c,
        token: tokenId.get(lower(t.guid)) as number,
        chainId: chainOf(c.chain),
      })),
    );
    const contracts = await rows<{ id: number; guid: string }>(
      tx,
      sql`insert into service.contracts (project_id, token_id, chain_id, guid, guid_text, address)
          select ${projectId}, t, c, g::uuid, g, a
            from unnest(${param(
              contractList.map((c) => c.token),
              "int",
            )}, ${param(
              contractList.map((c) => c.chainId),
              "int",
            )},
                        ${param(
                          contractList.map((c) => c.guid),
                          "text",
                        )}, ${param(
                          contractList.map((c) => c.address),
                          "text",
                        )})
                 with ordinality as x(t, c, g, a, o)
           order by o returning id, guid::text as guid`,
    );
    const contractId = new Map(contracts.map((c) => [c.guid, c.id]));

    const products = await inChunks(fixture.products, (chunk) =>
      rows<{ id: number; guid: string }>(
        tx,
        sql`insert into service.products (project_id, guid, guid_text, type, is_unlimited, amount, image_url, active)
            select ${projectId}, g::uuid, g, ty, u, a, i, ac
              from unnest(${param(
                chunk.map((p) => p.guid),
                "text",
              )}, ${param(
                chunk.map((p) => p.type),
                "int",
              )},
                          ${param(
                            chunk.map((p) => p.isUnlimited),
                            "boolean",
                          )}, ${param(
                            chunk.map((p) => p.amount),
                            "numeric",
                          )},
                          ${param(
                            chunk.map((p) => p.imageUrl),
                            "text",
                          )}, ${param(
                            chunk.map((p) => p.active),
                            "boolean",
                          )})
                   with ordinality as x(g, ty, u, a, i, ac, o)
             order by o returning id, guid::text as guid`,
      ),
    );
    const productId = new Map(products.map((p) => [p.guid, p.id]));
    const texts = fixture.products.flatMap((p) => {
      const id = productId.get(lower(p.guid)) as number;
      return Object.entries(p.languages).flatMap(([language, entries]) =>
        entries.map((entry) => ({ id, language, ...entry })),
      );
    });
    await inChunks(
      texts.map((t, i) => ({ ...t, position: i })),
      async (chunk) => {
        await tx.execute(sql`insert into service.product_texts (product_id, position, language, type, value)
          select * from unnest(${param(
            chunk.map((t) => t.id),
            "int",
          )}, ${param(
            chunk.map((t) => t.position),
            "int",
          )},
                               ${param(
                                 chunk.map((t) => t.language),
                                 "text",
                               )}, ${param(
                                 chunk.map((t) => t.type),
                                 "text",
                               )},
                               ${param(
                                 chunk.map((t) => t.value),
                                 "text",
                               )})`);
        return [];
      },
    );

    const prices = await inChunks(fixture.prices, (chunk) =>
      rows<{ id: number; guid: string }>(
        tx,
        sql`insert into service.prices (project_id, guid, guid_text, currency, amount, discount_amount,
                                        discount_is_percentage, tax_included, chain, from_date, to_date,
                                        from_amount, to_amount, active)
            select ${projectId}, g::uuid, g, cu, a, d, dp, ti, ch, fd, td, fa, ta, ac
              from unnest(${param(
                chunk.map((p) => p.guid),
                "text",
              )}, ${param(
                chunk.map((p) => p.currency),
                "text",
              )},
                          ${param(
                            chunk.map((p) => p.amount),
                            "numeric",
                          )}, ${param(
                            chunk.map((p) => p.discountAmount),
                            "numeric",
                          )},
                          ${param(
                            chunk.map((p) => p.discountIsPercentage),
                            "boolean",
                          )}, ${param(
                            chunk.map((p) => p.taxIncluded),
                            "boolean",
                          )},
                          ${param(
                            chunk.map((p) =>
                              p.chain.toUpperCase() === "FIAT"
                                ? "FIAT"
                                : (chainName.get(p.chain.toUpperCase()) ?? p.chain),
                            ),
                            "text",
                          )},
                          ${param(
                            chunk.map((p) => p.fromDate),
                            "timestamptz",
                          )}, ${param(
                            chunk.map((p) => p.toDate),
                            "timestamptz",
                          )},
                          ${param(
                            chunk.map((p) => p.fromAmount),
                            "numeric",
                          )}, ${param(
                            chunk.map((p) => p.toAmount),
                            "numeric",
                          )},
                          ${param(
                            chunk.map((p) => p.active),
                            "boolean",
                          )})
                   with ordinality as x(g, cu, a, d, dp, ti, ch, fd, td, fa, ta, ac, o)
             order by o returning id, guid::text as guid`,
      ),
    );
    const priceId = new Map(prices.map((p) => [p.guid, p.id]));
    const priceProducts = fixture.prices.flatMap((p) =>
      p.products.map((guid, position) => ({
        price: priceId.get(lower(p.guid)) as number,
        position,
        product: productId.get(lower(guid)) as number,
      })),
    );
    await inChunks(priceProducts, async (chunk) => {
      await tx.execute(sql`insert into service.price_products (price_id, position, product_id)
        select * from unnest(${param(
          chunk.map((x) => x.price),
          "int",
        )}, ${param(
          chunk.map((x) => x.position),
          "int",
        )},
                             ${param(
                               chunk.map((x) => x.product),
                               "int",
                             )})`);
      return [];
    });

    const customers = await inChunks(fixture.customers, (chunk) =>
      rows<{ id: number; customer_id: string }>(
        tx,
        sql`insert into service.customers (project_id, customer_id)
            select ${projectId}, c from unnest(${param(
              chunk.map((c) => c.id),
              "text",
            )}) with ordinality as x(c, o)
             order by o returning id, customer_id`,
      ),
    );
    const customerId = new Map(customers.map((c) => [c.customer_id, c.id]));

    const itemList = fixture.customers.flatMap((c) =>
      c.items.map((item) => ({
        ...item,
        customer: customerId.get(c.id) as number,
        chainId: chainOf(item.chain),
      })),
    );
    const items = await inChunks(itemList, (chunk) =>
      rows<{ id: number; guid: string }>(
        tx,
        sql`insert into service.items (project_id, customer_id, chain_id, guid, guid_text, contract, token_id, name)
            select ${projectId}, cu, ch, g::uuid, g, co, ti, n
              from unnest(${param(
                chunk.map((i) => i.customer),
                "int",
              )}, ${param(
                chunk.map((i) => i.chainId),
                "int",
              )},
                          ${param(
                            chunk.map((i) => i.guid),
                            "text",
                          )}, ${param(
                            chunk.map((i) => i.contract),
                            "text",
                          )},
                          ${param(
                            chunk.map((i) => i.tokenId),
                            "numeric",
                          )}, ${param(
                            chunk.map((i) => i.name),
                            "text",
                          )})
                   with ordinality as x(cu, ch, g, co, ti, n, o)
             order by o returning id, guid::text as guid`,
      ),
    );
    const itemId = new Map(items.map((i) => [i.guid, i.id]));
    const attributes = itemList.flatMap((item) =>
      item.attributes.map((a, position) => ({
        item: itemId.get(lower(item.guid)) as number,
        position,
        ...a,
      })),
    );
    await inChunks(attributes, async (chunk) => {
      await tx.execute(sql`insert into service.item_attributes (item_id, position, name, value, is_dynamic)
        select * from unnest(${param(
          chunk.map((a) => a.item),
          "int",
        )}, ${param(
          chunk.map((a) => a.position),
          "int",
        )},
                             ${param(
                               chunk.map((a) => a.name),
                               "text",
                             )}, ${param(
                               chunk.map((a) => a.value),
                               "text",
                             )},
                             ${param(
                               chunk.map((a) => a.isDynamic),
                               "boolean",
                             )})`);
      return [];
    });

    await importHoldings(tx, projectId, fixture, contractId, customerId);

    return {
      projectId,
      mode,
      counts: {
        tokens: tokens.length,
        products: products.length,
        prices: prices.length,
        customers: customers.length,
        items: items.length,
      },
    };
  });
}

/**
 * Opening balances as one ledger transaction of kind `import` (written by the ledger's function,
 * like every money movement): every holding and the project wallet come from the outside world,
 * so per contract the postings (and the balances) sum to zero.
 */
async function importHoldings(
  db: ServiceDb,
  projectId: number,
  fixture: Fixture,
  contractId: ReadonlyMap<string, number>,
  customerId: ReadonlyMap<string, number>,
): Promise<void> {
  const contract = (guid: string) => contractId.get(lower(guid)) as number;
  const balances: OpeningBalance[] = fixture.projectWallet.map((line) => ({
    contractId: contract(line.contract),
    kind: "project",
    customerId: null,
    wallet: "",
    amount: line.amount,
  }));
  for (const customer of fixture.customers) {
    const id = customerId.get(customer.id) as number;
    for (const h of customer.holdings) {
      balances.push({
        contractId: contract(h.contract),
        kind: h.isAllowance ? "allowance" : "wallet",
        customerId: id,
        wallet: h.isAllowance ? "" : h.wallet,
        amount: h.amount,
      });
    }
  }
  await postOpeningBalances(db, projectId, balances);
}
