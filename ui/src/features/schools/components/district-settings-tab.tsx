import { Fragment, lazy, Suspense, useCallback, useState } from 'react';
import { Alert, Skeleton } from 'antd';
import { Link } from 'react-router-dom';
import { districtFormSchema, schoolFormSchema } from '@accommodate/shared-events/schemas/school';
import { Card } from '../../../components/card.tsx';
import { toast } from '../../../lib/toast.ts';
import { useAddSchool, useCreateDistrict, useDistrictSchools, useMyDistricts, type District } from '../api/schools-api.ts';
import { OneFieldForm } from './one-field-form.tsx';
import './schools.css';

// Retention and leaving the product, loaded with the district's card.
const RetentionCard = lazy(() => import('./retention-card.tsx').then((m) => ({ default: m.RetentionCard })));
const NonSchoolDaysCard = lazy(() => import('./non-school-days-card.tsx').then((m) => ({ default: m.NonSchoolDaysCard })));
const LeavingCard = lazy(() => import('./leaving-card.tsx').then((m) => ({ default: m.LeavingCard })));
const ErasureEnd = lazy(() => import('./district-erasure-section.tsx').then((m) => ({ default: m.ErasureEnd })));
// Single sign-on: its form and presets load with the district card, not with the Settings page.
const DistrictSignIn = lazy(() => import('./district-sign-in.tsx'));
// The district's administrators, with their removal.
const DistrictAdmins = lazy(() => import('./district-admins.tsx').then((m) => ({ default: m.DistrictAdmins })));
// The district's time zone: its list of ~400 zones loads with the district card, not with the Settings page.
const DistrictTimeZoneForm = lazy(() => import('./district-time-zone.tsx').then((m) => ({ default: m.DistrictTimeZoneForm })));
// Rostering from the SIS, its own lazy chunk.
const RosteringSection = lazy(() => import('./rostering-section.tsx').then((m) => ({ default: m.RosteringSection })));

/** Settings → District: for a district admin, the district's schools and admins; for anyone else, 'Create a district'. */
export function DistrictSettingsTab() {
  const districts = useMyDistricts();
  // Districts being erased: their end is told here, since the district's cards go first (see ErasureEnd).
  const [erasing, setErasing] = useState<readonly string[]>([]);
  const onErasing = useCallback((districtId: string) => setErasing((ids) => (ids.includes(districtId) ? ids : [...ids, districtId])), []);
  if (districts.isPending) return <Skeleton active />;
  if (districts.isError) return <Alert type="error" showIcon title="Your districts could not be loaded. Please try again." />;
  return (
    <>
      {districts.data.map((district) => (
        <Fragment key={district.id}>
          <DistrictCard district={district} />
          <Suspense fallback={<Skeleton active />}>
            <NonSchoolDaysCard district={district} />
            <RetentionCard district={district} />
            <LeavingCard district={district} onErasing={onErasing} />
          </Suspense>
        </Fragment>
      ))}
      {districts.data.length === 0 && <CreateDistrictCard />}
      <Suspense fallback={null}>
        {erasing.map((districtId) => (
          <ErasureEnd key={districtId} districtId={districtId} />
        ))}
      </Suspense>
    </>
  );
}

function CreateDistrictCard() {
  const create = useCreateDistrict();
  return (
    <Card title={<h2 className="settings-card-title">Create a district</h2>}>
      <p className="settings-row__text">A district has schools with their staff and no student limit. You become its first district administrator.</p>
      <OneFieldForm
        label="District name"
        id="new-district-name"
        submitLabel="Create district"
        schema={districtFormSchema.shape.name}
        submitting={create.isPending}
        onSubmit={(name) => create.mutateAsync(name).then((district) => toast({ title: 'District created', description: `${district.name} is ready: add its schools.` }))}
      />
    </Card>
  );
}

function DistrictCard({ district }: { district: District }) {
  const schools = useDistrictSchools(district.id);
  const addSchool = useAddSchool();
  return (
    <Card
      title={<h2 className="settings-card-title">{district.name}</h2>}
      extra={<Link to={`/districts/${encodeURIComponent(district.id)}/dashboard`}>District dashboard</Link>}
      className="school-card"
    >
      <h3 className="school-card__section">Schools</h3>
      {schools.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : schools.isError ? (
        <Alert type="error" showIcon title="The schools could not be loaded." />
      ) : schools.data.length === 0 ? (
        <p className="settings-row__text">No schools yet.</p>
      ) : (
        <ul className="district-schools" aria-label={`Schools of ${district.name}`}>
          {schools.data.map((school) => (
            <li key={school.id}>
              <Link to={`/schools/${encodeURIComponent(school.id)}`}>{school.name}</Link>
            </li>
          ))}
        </ul>
      )}
      <OneFieldForm
        label="School name"
        id={`new-school-${district.id}`}
        submitLabel="Add school"
        schema={schoolFormSchema.shape.name}
        submitting={addSchool.isPending}
        onSubmit={(name) => addSchool.mutateAsync({ districtId: district.id, name }).then((school) => toast({ title: 'School added', description: `${school.name} is in the district. Invite its staff on the School tab.` }))}
      />
      <h3 className="school-card__section">District administrators</h3>
      <Suspense fallback={<Skeleton active paragraph={{ rows: 2 }} />}>
        <DistrictAdmins district={district} />
      </Suspense>
      <h3 className="school-card__section">Time zone</h3>
      <Suspense fallback={<Skeleton active paragraph={{ rows: 1 }} />}>
        <DistrictTimeZoneForm districtId={district.id} />
      </Suspense>
      <h3 className="school-card__section">Single sign-on</h3>
      <Suspense fallback={<Skeleton active paragraph={{ rows: 3 }} />}>
        <DistrictSignIn districtId={district.id} />
      </Suspense>
      <Suspense fallback={<Skeleton active paragraph={{ rows: 2 }} />}>
        <RosteringSection district={district} />
      </Suspense>
    </Card>
  );
}
