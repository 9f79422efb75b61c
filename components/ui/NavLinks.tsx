// Section navigation, drawn on the server (NavItemLink, the client part, marks the current
// link): the current page is marked with aria-current for
// assistive technology and styled from that attribute. On a phone the customer
// app shows it as a tab bar: links marked `tab` are the tabs, the rest sit
// behind "More" (a link marked `more` shows only there). A tab may carry a
// shorter label for the tab bar ("Activity" for "Transactions"): six tabs share
// 375 px, and the long one ran into its neighbours.
import {
  ArrowLeftRight,
  Bot,
  CheckCheck,
  Coins,
  CreditCard,
  Ellipsis,
  FlaskConical,
  Home,
  KeyRound,
  Landmark,
  LayoutDashboard,
  List,
  MonitorSmartphone,
  QrCode,
  Send,
  Settings,
  Users,
  Wallet,
  Webhook,
  type LucideIcon,
} from "lucide-react";
import { NavItemLink } from "./NavItemLink";

const ICONS: Record<string, LucideIcon> = {
  home: Home,
  wallet: Wallet,
  send: Send,
  receive: QrCode,
  activity: List,
  bank: Landmark,
  sessions: MonitorSmartphone,
  key: KeyRound,
  card: CreditCard,
  more: Ellipsis,
  overview: LayoutDashboard,
  users: Users,
  transfers: ArrowLeftRight,
  agents: Bot,
  approvals: CheckCheck,
  coins: Coins,
  webhook: Webhook,
  settings: Settings,
  sandbox: FlaskConical,
};

export interface NavLink {
  href: string;
  label: string;
  exact?: boolean;
  icon?: string;
  /** Customer app on a phone: "tab" shows in the tab bar, "more" only there; unset: desktop only. */
  tab?: "tab" | "more";
  /** The tab bar's label when `label` is too long for a sixth of a phone's width. */
  short?: string;
}

export function NavLinks({ links, label }: { links: NavLink[]; label: string }) {
  return (
    <nav aria-label={label} className="section-nav">
      <ul>
        {links.map((l) => {
          const Icon = l.icon ? ICONS[l.icon] : undefined;
          const cls = l.tab === "more" ? "more-only" : l.tab === "tab" ? undefined : "desktop-only";
          return (
            <li key={l.href} className={cls}>
              <NavItemLink href={l.href} exact={l.exact}>
                {Icon ? <Icon className="icon" aria-hidden="true" /> : null}
                {l.short ? (
                  <>
                    <span className="nav-label tab-long">{l.label}</span>
                    <span className="nav-label tab-short">{l.short}</span>
                  </>
                ) : (
                  <span className="nav-label">{l.label}</span>
                )}
              </NavItemLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
