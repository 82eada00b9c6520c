/**
 * One project card (002 §2.12): the name cut at 15 characters with the whole name as its tooltip,
 * "ID" and the project id, type, dates, "No.of Outlets", the notification menu (250 px: count,
 * newest entries, "View All"), the logo (the name's initials when it has none), Download deck when
 * it has a deck (`deckPath`), and Edit for those who may edit the project (`pro`, given as `editPath`). The menu's lifecycle is the projectCard machine;
 * choosing an entry opens its outlet.
 */
import { useId } from "react";
import { Link, useLocation } from "wouter";
import {
  cardName,
  DOWNLOAD_DECK,
  ID_LABEL,
  NOTIFICATION_MENU_WIDTH,
  OUTLETS_LABEL,
  type ProjectCard,
  projectTypeLabel,
  VIEW_ALL,
} from "../../domain/projects/projects";
import { VIEW_ALL_PATH } from "../../domain/projects/viewAll";
import { cardInitials, formatDate, parseIsoDate } from "../../domain/shared/format";
import { projectCardMachine } from "../../machines/projects/projectCard";
import { useLiveMachine } from "../live/liveActors";
import { useProvided } from "../live/useProvided";
import { projectCardActors } from "./projectActors";
import { outletPath } from "./projectPaths";

const showDate = (iso: string) => {
  const d = parseIsoDate(iso);
  return d ? formatDate(d.year, d.month, d.day) : iso;
};

export function ProjectCardView({
  card,
  opens,
  editPath,
  payoutPath = null,
  actors,
}: {
  card: ProjectCard;
  /** Where the card's name leads: the project's sub-projects, or its outlets for a client. */
  opens: string;
  /** Given only to those who may edit the project. */
  editPath: string | null;
  /** The client portal's payout page, given to a client's users. */
  payoutPath?: string | null;
  actors?: Partial<typeof projectCardActors>;
}) {
  const [, navigate] = useLocation();
  const menuId = useId();
  const [state, send] = useLiveMachine(
    useProvided(projectCardMachine, {
      actors: { ...projectCardActors, ...actors },
      actions: { openOutlet: (_, { outlet }) => navigate(outletPath(outlet)) },
    }),
    { input: { notifications: card.notificationList, count: card.notificationCount } },
  );
  const { notifications, count, detail } = state.context;
  const open = state.hasTag("open");
  const shortName = cardName(card.name);

  return (
    <article className="card project-card" aria-labelledby={`${menuId}-name`}>
      <header className="project-card-header">
        <div className="project-card-title">
          {card.logo ? (
            <img className="project-card-logo" src={card.logo} alt={`Logo of ${card.name}`} />
          ) : (
            <span className="project-card-logo project-card-logo-fallback" aria-hidden="true">
              {cardInitials(card.name)}
            </span>
          )}
          <h2 id={`${menuId}-name`} className="project-card-name" title={card.name}>
            <Link href={opens} aria-label={card.name}>
              {shortName}
            </Link>
          </h2>
        </div>
        {/* biome-ignore lint/a11y/noStaticElementInteractions: Escape closes the menu from anywhere inside it */}
        <div
          className="project-card-bell"
          onKeyDown={(e) => {
            if (e.key === "Escape" && open) send({ type: "menu.close" });
          }}
        >
          <button
            type="button"
            className="button button-secondary project-card-bell-button"
            aria-haspopup="true"
            aria-expanded={open}
            aria-controls={open ? menuId : undefined}
            aria-label={`Notifications of ${card.name}: ${count} unread`}
            onClick={() => send({ type: open ? "menu.close" : "menu.open" })}
          >
            <svg className="project-card-bell-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1Z" />
            </svg>
            <span className="project-card-count">{count}</span>
          </button>
          {open && (
            <div id={menuId} className="project-card-menu" style={{ width: NOTIFICATION_MENU_WIDTH }}>
              {detail && <p role="alert">{detail}</p>}
              {notifications.length === 0 ? (
                <p>No notifications yet.</p>
              ) : (
                <ul>
                  {notifications.map((n) => (
                    <li key={n.id}>
                      <button
                        type="button"
                        className="project-notification"
                        onClick={() => send({ type: "entry.choose", project: n.project, outlet: n.outlet })}
                      >
                        <strong>{n.title}</strong>
                        <span>{n.subText}</span>
                        <span className="project-notification-when">
                          {n.date} {n.time}
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
              )}
              <Link href={VIEW_ALL_PATH}>{VIEW_ALL}</Link>
            </div>
          )}
        </div>
      </header>
      <dl className="facts project-card-facts">
        <dt>{ID_LABEL}</dt>
        <dd>{card.projectId}</dd>
        <dt>Type</dt>
        <dd>{projectTypeLabel(card.type)}</dd>
        <dt>Client</dt>
        <dd>{card.organisation}</dd>
        <dt>Dates</dt>
        <dd>
          {showDate(card.createdDate)} – {showDate(card.endDate)}
        </dd>
        <dt>{OUTLETS_LABEL}</dt>
        <dd>{card.outlets_count}</dd>
      </dl>
      {(editPath || card.deckPath || payoutPath) && (
        <div className="project-card-actions">
          {payoutPath && (
            <Link href={payoutPath} aria-label={`Payouts of ${card.name}`}>
              Payouts
            </Link>
          )}
          {card.deckPath && (
            // The server names the file (Content-Disposition), so the download keeps the deck's own name.
            <a
              className="button button-secondary"
              href={card.deckPath}
              download
              aria-label={`${DOWNLOAD_DECK} of ${card.name}`}
            >
              {DOWNLOAD_DECK}
            </a>
          )}
          {editPath && (
            <Link href={editPath} aria-label={`Edit ${card.name}`}>
              Edit
            </Link>
          )}
        </div>
      )}
    </article>
  );
}
