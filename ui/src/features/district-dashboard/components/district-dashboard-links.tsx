import { Link } from 'react-router-dom';
import { Card } from '../../../components/card.tsx';
import { useMyDistricts } from '../../../lib/my-districts.ts';
import './district-dashboard-links.css';

/** On the home dashboard, for district admins only: a way to each district's dashboard. Nothing for anyone else. */
export function DistrictDashboardLinks() {
  const { data: districts = [] } = useMyDistricts();
  if (districts.length === 0) return null;
  return (
    <Card title={<h2 className="district-links__title">District dashboard</h2>} size="small">
      <ul className="district-links">
        {districts.map((district) => (
          <li key={district.id}>
            <Link to={`/districts/${district.id}/dashboard`}>{district.name}: every school’s figures</Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
