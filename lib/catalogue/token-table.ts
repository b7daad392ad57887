import type { ProjectToken } from "@/lib/contract/catalogue";
import { compareText, type ServerTable } from "@/lib/pages/table-page";

/**
 * How the tokens list filters and sorts, for its export (components/catalogue/tokens-table.tsx
 * does the same in the browser, as TanStack Table's text filter across its columns and its text
 * sorts): the box searches the symbol, name, GUID and each contract's chain and GUID.
 */
export const TOKEN_TABLE: ServerTable<ProjectToken> = {
  text: (token) => [
    token.Symbol,
    token.Name,
    token.Guid,
    ...token.Contracts.flatMap((contract) => [contract.ChainName, contract.ContractGuid]),
  ],
  sorts: {
    Symbol: (a, b) => compareText(a.Symbol, b.Symbol),
    Name: (a, b) => compareText(a.Name, b.Name),
  },
};
