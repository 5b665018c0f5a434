import { sql } from 'kysely';
import type { Q } from '../../db/tables';
import { escapeHtml } from '../../lib/html';


/** A team's demo logo (`<ACRONYM>.svg`): a circle in the team's colour with its acronym; null for no such team. */
export async function logoSvg(q: Q, file: string): Promise<string | null> {
  const match = /^([A-Za-z0-9]{1,8})\.svg$/.exec(file);
  if (!match?.[1]) return null;
  const { rows } = await sql<{ acronym: string; color: string }>`SELECT acronym, color FROM sports_teams WHERE acronym = ${match[1]}`.execute(q);
  const team = rows[0];
  if (!team) return null;
  const size = team.acronym.length > 3 ? 26 : 32;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" role="img" aria-label="${escapeHtml(team.acronym)}">
<circle cx="50" cy="50" r="48" fill="${escapeHtml(team.color)}" stroke="#ffffff" stroke-width="4"/>
<text x="50" y="50" dy="0.35em" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="${size}" fill="#ffffff">${escapeHtml(team.acronym)}</text>
</svg>`;
}
