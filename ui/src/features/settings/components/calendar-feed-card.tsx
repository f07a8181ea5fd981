import { useState } from 'react';
import { Button, Input, Popconfirm, Space } from 'antd';
import { Card } from '../../../components/card.tsx';
import { CalendarOutlined, CopyOutlined } from '@ant-design/icons';
import { toast } from '../../../lib/toast.ts';
import { serverMessageOr } from '../../../lib/form-errors.ts';
import { useCreateCalendarFeed, useTurnOffCalendarFeed } from '../api/calendar-feed.ts';

const failed = (error: unknown) =>
  toast({
    title: 'Update Failed',
    description: serverMessageOr(error, 'Failed to update your calendar feed. Please try again.'),
    variant: 'destructive',
  });

/**
 * A private ICS feed of the user's plan review dates. The server keeps only a hash of the
 * link, so the URL is shown right after it is made; later visits offer a new one instead.
 */
export function CalendarFeedCard() {
  const [url, setUrl] = useState<string | null>(null);
  const create = useCreateCalendarFeed();
  const turnOff = useTurnOffCalendarFeed();

  const makeLink = (reset: boolean) =>
    create.mutate(undefined, {
      onSuccess: (feed) => {
        setUrl(feed.url);
        toast({
          title: reset ? 'Calendar link reset' : 'Calendar link created',
          description: reset ? 'The old link no longer works.' : 'Add it to your calendar app to see review dates.',
        });
      },
      onError: failed,
    });

  const stop = () =>
    turnOff.mutate(undefined, {
      onSuccess: () => {
        setUrl(null);
        toast({ title: 'Calendar feed turned off', description: 'Calendars that used the link no longer receive review dates.' });
      },
      onError: failed,
    });

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Link copied', description: 'Paste it into your calendar app.' });
    } catch {
      toast({ title: 'Copy failed', description: 'Select the link and copy it by hand.', variant: 'destructive' });
    }
  };

  return (
    <Card className="calendar-feed" title={<h2 className="settings-card-title">Calendar feed</h2>}>
      <p className="settings-row__text calendar-feed__intro">
        See your students' 504 plan review dates in Google Calendar or Outlook. The link is private: anyone who has it
        can see the review dates, so keep it to yourself and reset it if it is shared by mistake.
      </p>
      {url ? (
        <>
          <Space.Compact className="calendar-feed__url">
            <Input readOnly value={url} aria-label="Calendar feed URL" onFocus={(event) => event.target.select()} />
            <Button icon={<CopyOutlined />} onClick={() => void copy()}>Copy</Button>
          </Space.Compact>
          <ul className="calendar-feed__howto">
            <li>
              <strong>Google Calendar:</strong> next to "Other calendars", choose + then "From URL", paste the link and
              choose "Add calendar".
            </li>
            <li>
              <strong>Outlook:</strong> choose "Add calendar", then "Subscribe from web", paste the link and choose "Import".
            </li>
          </ul>
          <Space wrap>
            <Popconfirm
              title="Reset the link?"
              description="The current link stops working; you will need to add the new one."
              okText="Reset link"
              onConfirm={() => makeLink(true)}
            >
              <Button loading={create.isPending}>Reset link</Button>
            </Popconfirm>
            <Popconfirm
              title="Turn off the calendar feed?"
              description="Calendars using the link stop receiving review dates."
              okText="Turn off"
              okButtonProps={{ danger: true }}
              onConfirm={stop}
            >
              <Button danger loading={turnOff.isPending}>Turn off</Button>
            </Popconfirm>
          </Space>
        </>
      ) : (
        <Space wrap>
          <Button type="primary" icon={<CalendarOutlined />} loading={create.isPending} onClick={() => makeLink(false)}>
            Create calendar link
          </Button>
          <Button type="text" loading={turnOff.isPending} onClick={stop}>
            Turn off
          </Button>
        </Space>
      )}
      {!url ? (
        <p className="settings-row__text calendar-feed__note">
          A new link replaces any link made before; 'Turn off' stops every link made so far.
        </p>
      ) : null}
    </Card>
  );
}
