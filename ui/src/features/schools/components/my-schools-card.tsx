import { Link } from 'react-router-dom';
import { Card } from '../../../components/card.tsx';
import { CardHeading } from '../../../components/card-heading.tsx';
import { useMySchools } from '../api/schools-api.ts';

/** The dashboard's way to a school's page, for its coordinators, admins and district admins; else nothing. */
export function MySchoolsCard() {
  const schools = (useMySchools().data ?? []).filter((school) => school.role !== 'teacher');
  if (schools.length === 0) return null;
  return (
    <Card size="small" title={<CardHeading>Your schools</CardHeading>} style={{ marginBottom: 16 }} data-testid="my-schools">
      <ul style={{ paddingLeft: 20, margin: 0 }}>
        {schools.map((school) => (
          <li key={school.id}>
            <Link to={`/schools/${encodeURIComponent(school.id)}`}>{school.name}</Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
