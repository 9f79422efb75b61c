// How money reaches an account (bank reference, wallet address …), each value with a copy button.
import { CopyText } from "@/components/ui/CopyText";
import { typeWord } from "@/lib/kernel/wording";

const LABELS: Record<string, string> = {
  accountType: "Kind",
  address: "Wallet address",
  reference: "Reference",
  accountNumber: "Account number",
  routingNumber: "Routing number",
  bankName: "Bank",
  paymentRails: "Payment networks",
  assetType: "Currency",
};

function labelOf(key: string): string {
  return LABELS[key] ?? key.replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase());
}

export function FundingDetails({
  instructions,
}: {
  instructions: { instructionsNotes?: string; accountOrWalletInfo?: Record<string, unknown> }[];
}) {
  if (!instructions.length) return <p className="muted">No funding details for this account yet.</p>;
  return (
    <>
      {instructions.map((ins, i) => (
        <div key={i}>
          {ins.instructionsNotes ? <p>{ins.instructionsNotes}.</p> : null}
          <dl className="facts">
            {Object.entries(ins.accountOrWalletInfo ?? {}).map(([k, v]) => (
              <div key={k} className="facts-row">
                <dt>{labelOf(k)}</dt>
                <dd>
                  {k === "accountType" ? (
                    typeWord(String(v))
                  ) : (
                    <CopyText
                      text={Array.isArray(v) ? v.join(", ") : String(v)}
                      label={`Copy ${labelOf(k).toLowerCase()}`}
                    />
                  )}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      ))}
    </>
  );
}
