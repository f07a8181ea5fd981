import type { PresenceUser } from './use-student-presence.ts';

const names = (people: readonly PresenceUser[]): string => {
  const [first, second] = people;
  if (!first) return '';
  if (!second) return first.name;
  if (people.length === 2) return `${first.name} and ${second.name}`;
  return `${first.name}, ${second.name} and ${people.length - 2} other${people.length === 3 ? '' : 's'}`;
};

/**
 * Who else is here, in words (not only in avatars' tooltips): 'Blair Coteacher is editing',
 * 'Alex Owner and Sam Sub are viewing'; editors first, since they are the ones whose saves can collide.
 */
export function presenceSummary(users: readonly PresenceUser[]): string {
  const parts: string[] = [];
  for (const mode of ['editing', 'viewing'] as const) {
    const people = users.filter((user) => user.mode === mode);
    if (people.length > 0) parts.push(`${names(people)} ${people.length === 1 ? 'is' : 'are'} ${mode}`);
  }
  return parts.join('; ');
}
