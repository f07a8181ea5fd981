import { Alert, Card, Switch } from 'antd';

const PREFERENCES = [
  { key: 'reviews', title: 'Plan Review Reminders', text: 'Reminders before a 504 plan is due for review.' },
  { key: 'actions', title: 'Action Item Alerts', text: 'Alerts when something needs your attention.' },
  { key: 'students', title: 'Student Updates', text: 'Updates when a shared student changes.' },
] as const;

export function NotificationsTab() {
  return (
    <Card title={<h2 className="settings-card-title">Notification Preferences</h2>}>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="These preferences follow your Email Notifications setting on the Profile tab."
      />
      {PREFERENCES.map((preference) => (
        <div key={preference.key} className="settings-row">
          <div>
            <h3 className="settings-row__title" id={`pref-${preference.key}`}>{preference.title}</h3>
            <p className="settings-row__text">{preference.text}</p>
          </div>
          <Switch defaultChecked disabled aria-labelledby={`pref-${preference.key}`} />
        </div>
      ))}
      <p className="settings-row__text" style={{ marginTop: 16 }}>More notification settings are coming soon.</p>
    </Card>
  );
}
