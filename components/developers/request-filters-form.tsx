import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Link } from "@/components/ui/link";
import { Select } from "@/components/ui/select";
import {
  REQUESTS_PATH,
  type RequestFilters,
  type ResolvedFilters,
  SINCE_CHOICES,
  STATUS_CHOICES,
} from "@/lib/request-log/request-filters";

export interface RequestFiltersFormProps {
  filters: RequestFilters;
  problems: ResolvedFilters["problems"];
}

/**
 * The request log's filters as a plain GET form: the URL holds them (shareable, Back works) and a
 * new filter starts again from the newest entries. From and To are UTC days and win over the
 * quick range.
 */
export function RequestFiltersForm({ filters, problems }: RequestFiltersFormProps) {
  const statusKnown = STATUS_CHOICES.some((choice) => choice.value === filters.Status);
  return (
    <form
      method="get"
      action={REQUESTS_PATH}
      aria-label="Filter the request log"
      className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-start"
    >
      <Field label="Status" id="filter-Status" error={problems.Status} className="col-span-2 sm:w-44">
        <Select name="Status" defaultValue={filters.Status}>
          <option value="">Any</option>
          {STATUS_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
          {filters.Status && !statusKnown ? <option value={filters.Status}>{filters.Status}</option> : null}
        </Select>
      </Field>
      <Field label="Route" id="filter-Route" error={problems.Route} className="col-span-2 sm:w-52">
        <Input name="Route" defaultValue={filters.Route} placeholder="/AwardTokens" spellCheck={false} />
      </Field>
      <Field
        label="Customer ID"
        id="filter-CustomerID"
        error={problems.CustomerID}
        className="col-span-2 sm:w-48"
      >
        <Input name="CustomerID" defaultValue={filters.CustomerID} spellCheck={false} />
      </Field>
      <Field
        label="Request ID"
        id="filter-RequestID"
        error={problems.RequestID}
        className="col-span-2 sm:w-80"
      >
        <Input name="RequestID" defaultValue={filters.RequestID} spellCheck={false} className="font-mono" />
      </Field>
      <Field label="Key Id" id="filter-KeyId" error={problems.KeyId} className="sm:w-28">
        <Input name="KeyId" defaultValue={filters.KeyId} inputMode="numeric" />
      </Field>
      <Field label="When" id="filter-Since" error={problems.Since} className="sm:w-48">
        <Select name="Since" defaultValue={filters.Since}>
          <option value="">Everything kept</option>
          {SINCE_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="From (UTC day)" id="filter-From" error={problems.From} className="sm:w-44">
        <Input name="From" type={/T/.test(filters.From) ? "text" : "date"} defaultValue={filters.From} />
      </Field>
      <Field label="To (UTC day)" id="filter-To" error={problems.To} className="sm:w-44">
        <Input name="To" type={/T/.test(filters.To) ? "text" : "date"} defaultValue={filters.To} />
      </Field>
      <div className="col-span-2 flex gap-2 sm:mt-7">
        <Button type="submit" variant="outline">
          Filter
        </Button>
        <Button asChild variant="ghost">
          <Link href={REQUESTS_PATH}>Clear</Link>
        </Button>
      </div>
    </form>
  );
}
