"use client";
import { Checkbox } from "@/components/ui/checkbox";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import type { AwardMode } from "@/lib/awards/award-rules";

const MODES = [
  {
    value: "allowance",
    label: "Allowance",
    help: "Recorded at once, claimed by the player later.",
  },
  {
    value: "direct",
    label: "Direct distribution",
    help: "Paid from the project wallet; waits in the queue while it lacks funds.",
  },
] as const;

export interface AwardModeFieldsProps {
  mode: AwardMode;
  wallet: string;
  mintable: boolean;
  onModeChange: (mode: AwardMode) => void;
  onWalletChange: (wallet: string) => void;
  onMintableChange: (mintable: boolean) => void;
  walletError: string | undefined;
  /** The player's wallets the service knows (from distributed holdings): offered, free text still allowed. */
  knownWallets?: readonly { wallet: string; chain: string }[];
}

/** The award's mode, and what goes with it: the player's wallet for a direct award, "mintable" for an allowance. */
export function AwardModeFields({
  mode,
  wallet,
  mintable,
  onModeChange,
  onWalletChange,
  onMintableChange,
  walletError,
  knownWallets = [],
}: AwardModeFieldsProps) {
  return (
    <>
      <div className="flex flex-col gap-1">
        <p id="mode-label" className="text-sm font-medium">
          Mode
        </p>
        <RadioGroup
          value={mode}
          onValueChange={(value) => onModeChange(value as AwardMode)}
          aria-labelledby="mode-label"
          className="gap-1 sm:grid-cols-2 sm:gap-4"
        >
          {MODES.map((option) => (
            <RadioGroupItem
              key={option.value}
              id={`mode-${option.value}`}
              value={option.value}
              label={option.label}
              description={option.help}
            />
          ))}
        </RadioGroup>
      </div>

      {mode === "direct" ? (
        <>
          <Field
            id="wallet"
            label="Wallet"
            hint={
              knownWallets.length > 0
                ? `This player's ${knownWallets.length === 1 ? "wallet is" : `${knownWallets.length} wallets are`} offered as you type.`
                : undefined
            }
            error={walletError}
          >
            <Input
              value={wallet}
              onChange={(e) => onWalletChange(e.target.value)}
              list={knownWallets.length > 0 ? "known-wallets" : undefined}
              spellCheck={false}
              autoComplete="off"
              autoCapitalize="off"
              className="font-mono"
            />
          </Field>
          {knownWallets.length > 0 ? (
            <datalist id="known-wallets" data-testid="known-wallets">
              {knownWallets.map(({ wallet: known, chain }) => (
                <option key={known} value={known}>
                  {chain}
                </option>
              ))}
            </datalist>
          ) : null}
        </>
      ) : (
        <div className="flex min-h-10 items-center gap-3 text-sm">
          <Checkbox
            id="mintable"
            checked={mintable}
            onCheckedChange={(state) => onMintableChange(state === true)}
            aria-describedby="mintable-help"
          />
          <label htmlFor="mintable" className="cursor-pointer font-medium">
            Mintable
          </label>
          <span id="mintable-help" className="text-muted-foreground">
            (the player may mint these tokens on chain)
          </span>
        </div>
      )}
    </>
  );
}
