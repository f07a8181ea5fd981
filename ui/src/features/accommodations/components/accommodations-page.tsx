import { lazy, Suspense, useMemo, useState } from 'react';
import { Button, Empty, Input, Skeleton, Tabs, Typography } from 'antd';
import { Card } from '../../../components/card.tsx';
import { PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import {
  ACCOMMODATION_CATEGORIES,
  categoryOf,
  type AccommodationCategory,
} from '@accommodate/shared-events/config/accommodation-categories';
import type { Accommodation } from '@accommodate/shared-events/schemas/accommodation';
import { PageHeader } from '../../../components/page-header.tsx';
import { toast } from '../../../lib/toast.ts';
import { useAccommodationLibrary } from '../api/get-accommodation-library.ts';
import { useDeleteAccommodation } from '../api/delete-accommodation.ts';
import { AccommodationCard } from './accommodation-card.tsx';
import '../../../components/wrapping-tabs.css';
import './accommodations-page.css';

// The add/edit dialog is a form (antd Form, Select, react-hook-form): loaded when first opened.
const AccommodationDialog = lazy(() => import('./accommodation-dialog.tsx').then((m) => ({ default: m.AccommodationDialog })));

type TabKey = 'all' | AccommodationCategory;
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const countLabel = (count: number) => `${count} accommodation${count === 1 ? '' : 's'}`;

export default function AccommodationsPage() {
  const library = useAccommodationLibrary();
  const navigate = useNavigate();
  const deletion = useDeleteAccommodation();
  const [search, setSearch] = useState('');
  const [tab, setTab] = useState<TabKey>('all');
  const [dialog, setDialog] = useState<{ open: boolean; accommodation: Accommodation | null }>({ open: false, accommodation: null });
  // Stays true after the first opening, so that closing still animates.
  const [dialogMounted, setDialogMounted] = useState(false);
  const openDialog = (accommodation: Accommodation | null) => {
    setDialogMounted(true);
    setDialog({ open: true, accommodation });
  };

  const matches = useMemo(() => {
    const query = search.trim().toLowerCase();
    return (library.data ?? [])
      .filter((a) => query === '' || a.name.toLowerCase().includes(query) || (a.description ?? '').toLowerCase().includes(query))
      .sort((a, b) => a.name.localeCompare(b.name));
  }, [library.data, search]);

  // Spec sections 2 and 6: deleting an accommodation asks for the browser's own confirmation (a student's deletion has a dialog).
  const confirmDelete = (accommodation: Accommodation) => {
    if (!window.confirm(`Delete "${accommodation.name}"? It will be removed from your library.`)) return;
    deletion
      .mutateAsync({ id: accommodation.id, revision: accommodation.revision })
      .then(() => toast({ title: 'Accommodation deleted successfully' }))
      .catch(() => toast({ title: 'Error', description: 'Failed to delete accommodation. Please try again.', variant: 'destructive' }));
  };

  const cards = (items: Accommodation[]) => (
    <div className="accommodations-grid">
      {items.map((accommodation) => (
        <AccommodationCard
          key={accommodation.id}
          accommodation={accommodation}
          onEdit={(a) => openDialog(a)}
          onDelete={confirmDelete}
        />
      ))}
    </div>
  );

  const allTab =
    matches.length === 0 ? (
      <Empty description="No accommodations found" />
    ) : (
      ACCOMMODATION_CATEGORIES.map((category) => {
        const items = matches.filter((a) => categoryOf(a) === category);
        if (items.length === 0) return null;
        return (
          <section key={category} style={{ marginBottom: 24 }}>
            <Typography.Title level={4} style={{ marginBottom: 4 }}>
              {capitalise(category)}
            </Typography.Title>
            <Typography.Paragraph type="secondary">{countLabel(items.length)}</Typography.Paragraph>
            {cards(items)}
          </section>
        );
      })
    );

  const categoryTab = (category: AccommodationCategory) => {
    const items = matches.filter((a) => categoryOf(a) === category);
    return items.length === 0 ? <Empty description={`No ${category} accommodations found`} /> : cards(items);
  };

  return (
    <div>
      <PageHeader
        title="Accommodations"
        description="Manage classroom accommodations by category"
        actions={
          <>
            {/* Grouping by type: which students have each accommodation. */}
            <Button icon={<TeamOutlined />} onClick={() => void navigate('/accommodations/at-a-glance')}>
              Students at a Glance
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => openDialog(null)}>
              Add Accommodation
            </Button>
          </>
        }
      />
      <Input.Search
        placeholder="Search accommodations"
        aria-label="Search accommodations"
        allowClear
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        style={{ maxWidth: 420, marginBottom: 16 }}
      />
      {library.isPending ? (
        <div className="accommodations-grid">
          {Array.from({ length: 6 }, (_, index) => (
            <Card size="small" key={index}>
              <Skeleton active paragraph={{ rows: 2 }} />
            </Card>
          ))}
        </div>
      ) : library.isError ? (
        <Empty description={library.error.message} />
      ) : (
        <Tabs
          className="wrapping-tabs"
          activeKey={tab}
          onChange={(key) => setTab(key as TabKey)}
          items={[
            { key: 'all', label: 'All', children: allTab },
            ...ACCOMMODATION_CATEGORIES.map((category) => ({
              key: category,
              label: capitalise(category),
              children: categoryTab(category),
            })),
          ]}
        />
      )}
      {dialogMounted && (
        <Suspense fallback={null}>
          <AccommodationDialog
            open={dialog.open}
            accommodation={dialog.accommodation}
            onClose={() => setDialog((current) => ({ ...current, open: false }))}
          />
        </Suspense>
      )}
    </div>
  );
}
