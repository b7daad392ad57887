// The console's SQL functions, one readable file each in lib/db/functions/, held to the newest
// migration that defines each (docs/console.md, "SQL functions"). A change to a function is a new
// migration AND its file in lib/db/functions/: a migration that ran is never edited (its checksum
// is recorded where it ran), and this test fails until both agree.
import { fileURLToPath } from "node:url";
import { describeFunctionCopies } from "@/testing/sql-function-copies";

describeFunctionCopies(
  fileURLToPath(new URL("./migrations", import.meta.url)),
  fileURLToPath(new URL("./functions", import.meta.url)),
);
