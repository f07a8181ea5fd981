import { Bar, BarChart, CartesianGrid, LabelList, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AccommodationCount } from '@accommodate/shared-events/schemas/district-dashboard';

const BAR_COLOR = '#1d4ed8';
/** Long names are cut on the axis; the full name is in the tooltip and the list for screen readers. */
const shortName = (name: string) => (name.length > 18 ? `${name.slice(0, 17)}…` : name);
const students = (count: number) => `${count} student${count === 1 ? '' : 's'}`;

/**
 * The most used accommodations as horizontal bars (recharts, loaded with this chart only). The SVG is a picture for
 * the eye; the same figures are a list for screen readers.
 */
export default function AccommodationsChart({ accommodations, label }: { accommodations: readonly AccommodationCount[]; label: string }) {
  return (
    <figure className="accommodations-chart">
      <div aria-hidden="true" className="accommodations-chart__plot">
        <ResponsiveContainer width="100%" height={36 * accommodations.length + 40}>
          <BarChart data={[...accommodations]} layout="vertical" margin={{ top: 4, right: 40, bottom: 4, left: 4 }} accessibilityLayer={false}>
            <CartesianGrid horizontal={false} strokeDasharray="3 3" />
            <XAxis type="number" allowDecimals={false} tick={{ fill: '#434343' }} />
            <YAxis type="category" dataKey="name" width={124} tickFormatter={shortName} tick={{ fill: '#262626', fontSize: 13 }} />
            <Tooltip formatter={(value) => [students(Number(value)), 'Students']} />
            <Bar dataKey="count" fill={BAR_COLOR} isAnimationActive={false}>
              <LabelList dataKey="count" position="right" fill="#262626" />
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="visually-hidden">
        {label}:
        <ul>
          {accommodations.map((entry) => (
            <li key={entry.name}>
              {entry.name}: {students(entry.count)}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
