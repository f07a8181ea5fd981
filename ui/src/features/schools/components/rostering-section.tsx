import { useState, type ChangeEvent } from 'react';
import { Alert, Button, Skeleton, Space } from 'antd';
import { ROSTER_UPLOAD_MAX_BYTES, ROSTER_UPLOAD_TOO_LARGE } from '@accommodate/shared-events/schemas/roster';
import { useCurrentUser } from '../../../lib/auth.ts';
import { screenStateKey } from '../../../lib/screen-state.ts';
import { toast } from '../../../lib/toast.ts';
import { useRosterImport, useStartRosterImport } from '../api/roster-imports-api.ts';
import type { District } from '../api/schools-api.ts';
import { RosteringReport } from './rostering-report.tsx';
import { RosteringSchoolMatches, type SchoolChoices } from './rostering-school-matches.tsx';
import './rostering.css';

/** The district's last import, kept for the visit: coming back to Settings shows it still running, or its report. */
function useLastImport(districtId: string) {
  const { user } = useCurrentUser();
  const key = screenStateKey(`roster-import-${districtId}`, user?.id ?? '');
  const [id, setId] = useState<string | null>(() => {
    try {
      return window.sessionStorage.getItem(key);
    } catch {
      return null;
    }
  });
  const remember = (next: string) => {
    setId(next);
    try {
      window.sessionStorage.setItem(key, next);
    } catch {
      // storage blocked: the report shows until the page is left
    }
  };
  return [id, remember] as const;
}

/**
 * Settings → District → Rostering: upload the SIS's OneRoster zip, check it (a dry run: what would change,
 * file by file, and every error by file and line), then import it, with a live progress bar and the summary.
 */
export function RosteringSection({ district }: { district: District }) {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [schoolChoices, setSchoolChoices] = useState<SchoolChoices>({});
  const [importId, setImportId] = useLastImport(district.id);
  const start = useStartRosterImport();
  const current = useRosterImport(importId);
  const running = current.data?.status === 'queued' || current.data?.status === 'running';
  const checked = current.data?.dryRun === true && current.data.status === 'done';
  const inputId = `roster-zip-${district.id}`;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setProblem(chosen && chosen.size > ROSTER_UPLOAD_MAX_BYTES ? ROSTER_UPLOAD_TOO_LARGE : null);
    setFile(chosen);
    setSchoolChoices({});
  };
  const run = async (dryRun: boolean) => {
    if (!file) return setProblem('Choose the OneRoster zip to import');
    const { id } = await start.mutateAsync({ districtId: district.id, file, dryRun, schoolChoices });
    setImportId(id);
    if (!dryRun) toast({ title: 'Import started', description: 'It goes on if you leave this page.' });
  };

  return (
    <section className="rostering" aria-labelledby={`rostering-${district.id}`}>
      <h3 id={`rostering-${district.id}`} className="school-card__section">Rostering (OneRoster)</h3>
      <p className="settings-row__text">
        Upload the OneRoster 1.1 or 1.2 CSV zip your student information system exports. Check it first: nothing is written until you import.
      </p>
      <div className="rostering__controls">
        <label htmlFor={inputId} className="rostering__label">OneRoster zip</label>
        <input id={inputId} type="file" accept=".zip,application/zip" onChange={choose} aria-describedby={problem ? `${inputId}-problem` : undefined} />
        <Space wrap>
          <Button type={checked ? 'default' : 'primary'} onClick={() => void run(true).catch(() => undefined)} loading={start.isPending && start.variables.dryRun} disabled={running || problem !== null}>
            Check
          </Button>
          <Button type={checked ? 'primary' : 'default'} onClick={() => void run(false).catch(() => undefined)} loading={start.isPending && !start.variables.dryRun} disabled={running || problem !== null}>
            Import
          </Button>
        </Space>
        {problem && <p id={`${inputId}-problem`} className="rostering__problem" role="alert">{problem}</p>}
        {start.isError && <Alert type="error" showIcon title={start.error.message} />}
      </div>
      {importId !== null && current.isPending && <Skeleton active paragraph={{ rows: 2 }} />}
      {current.data && <RosteringReport found={current.data} />}
      {current.data && (
        <RosteringSchoolMatches
          matches={current.data.schoolMatches}
          choices={schoolChoices}
          onChoose={(sourcedId, value) => setSchoolChoices((before) => ({ ...before, [sourcedId]: value }))}
        />
      )}
    </section>
  );
}
