import { describe, expect, it } from "vitest";
import { tsxArgumentsOf } from "./npm-script-command";

describe("tsxArgumentsOf", () => {
  it("finds each file of a script that runs two, with that command's own flags", () => {
    expect(tsxArgumentsOf("service/cli/migrate.ts")).toEqual(["--liftoff-only", "service/cli/migrate.ts"]);
    expect(tsxArgumentsOf("lib/cli/migrate.ts")).toEqual([
      "--liftoff-only",
      "--conditions=react-server",
      "lib/cli/migrate.ts",
    ]);
    expect(tsxArgumentsOf("service/cli/seed.ts")).toEqual(["service/cli/seed.ts"]);
  });

  it("refuses a file no script runs, naming it", () => {
    expect(() => tsxArgumentsOf("service/cli/nothing.ts")).toThrow(
      "No package.json script runs service/cli/nothing.ts with tsx",
    );
  });
});
