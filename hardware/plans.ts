/**
 * Where each shipped profile's plan is written. A table type has its own page
 * (`hardware/<profile>.md`); a second plan for the same table is a section of that page (the
 * acoustic carom: a section of carom.md). The hardware tests read a profile's pin table and
 * build command from its plan.
 */

/** Profiles whose plan is a section of another table's page: the page and the section's heading. */
export const PLAN_SECTIONS: Record<string, { page: string; heading: string }> = {
  'carom-acoustic': { page: 'carom.md', heading: '## Automatic scoring: acoustic sensors' },
};

/** The page of a profile's plan, and the heading of its section when it is not the whole page. */
export function planOf(profile: string): { page: string; heading?: string } {
  return PLAN_SECTIONS[profile] ?? { page: `${profile}.md` };
}

/**
 * The plan's text: a whole page up to the first section of another profile's plan, or a section
 * up to the next heading of its level.
 */
export function planText(profile: string, read: (file: string) => string): string {
  const { page, heading } = planOf(profile);
  const md = read(page);
  if (heading) {
    const start = md.indexOf(`\n${heading}\n`);
    if (start < 0) return '';
    const level = heading.slice(0, heading.indexOf(' ') + 1);
    const end = md.indexOf(`\n${level}`, start + heading.length + 1);
    return md.slice(start + 1, end < 0 ? undefined : end + 1);
  }
  const others = Object.values(PLAN_SECTIONS)
    .filter((s) => s.page === page)
    .map((s) => md.indexOf(`\n${s.heading}\n`))
    .filter((i) => i >= 0);
  return others.length ? md.slice(0, Math.min(...others) + 1) : md;
}
