import { AWARD_STATUS_LOOK } from "@/components/awards/award-status-badge";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { AWARD_STATUSES, type AwardStatusFilter } from "@/lib/model/award-status";

/** A GET form's `status` filter over the award trail: any, or one status by its label. */
export function AwardStatusField({
  id,
  value,
  className,
}: {
  id: string;
  value: AwardStatusFilter | undefined;
  className?: string;
}) {
  return (
    <Field label="Status" id={id} className={className}>
      <Select name="status" defaultValue={value ?? ""}>
        <option value="">Any</option>
        <option value="any-reversal">Any reversal (cancelled, partly or wholly reversed)</option>
        {AWARD_STATUSES.map((status) => (
          <option key={status} value={status}>
            {AWARD_STATUS_LOOK[status].label}
          </option>
        ))}
      </Select>
    </Field>
  );
}
