import { Alert, Progress } from 'antd';
import { ROSTER_KIND_FILES, type RosterImportIssue, type RosterImportSummary } from '@accommodate/shared-events/schemas/roster';
import type { RosterImport } from '../api/roster-imports-api.ts';

const where = (issue: RosterImportIssue) => (issue.line === null ? issue.file : `${issue.file} line ${issue.line}`);

function IssueList({ title, issues, count, id }: { title: string; issues: RosterImportIssue[]; count: number; id: string }) {
  if (issues.length === 0) return null;
  const files = [...new Set(issues.map((issue) => issue.file))];
  return (
    <section aria-labelledby={id}>
      <h4 id={id} className="school-card__section">{title}</h4>
      {count > issues.length && <p className="settings-row__text">{`The first ${issues.length} of ${count.toLocaleString()}:`}</p>}
      {files.map((file) => (
        <div key={file}>
          <h5 className="rostering-file">{file}</h5>
          <ul className="rostering-issues">
            {issues.filter((issue) => issue.file === file).slice(0, 200).map((issue, index) => (
              <li key={`${issue.line ?? 'file'}-${index}`}>{`${where(issue)}: ${issue.message}`}</li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

function SummaryTable({ summary, dryRun }: { summary: RosterImportSummary; dryRun: boolean }) {
  const kinds = Object.keys(ROSTER_KIND_FILES) as (keyof RosterImportSummary)[];
  const caption = dryRun ? 'What the import would change, file by file' : 'What the import changed, file by file';
  return (
    // On a phone the table scrolls on its own, not the page; focusable, so a keyboard can scroll it too.
    <div className="rostering-summary-scroll" tabIndex={0} role="region" aria-label={caption}>
    <table className="rostering-summary">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">File</th>
          <th scope="col">New</th>
          <th scope="col">Updated</th>
          <th scope="col">Deactivated</th>
          <th scope="col">Unchanged</th>
        </tr>
      </thead>
      <tbody>
        {kinds.map((kind) => (
          <tr key={kind}>
            <th scope="row">{ROSTER_KIND_FILES[kind]}</th>
            <td>{summary[kind].created}</td>
            <td>{summary[kind].updated}</td>
            <td>{summary[kind].deactivated}</td>
            <td>{summary[kind].unchanged}</td>
          </tr>
        ))}
      </tbody>
    </table>
    </div>
  );
}

/** Where an import stands: its live progress, then its report (the dry run's, or what was written), errors by file and line. */
export function RosteringReport({ found }: { found: RosterImport }) {
  const { status, progress, summary, dryRun } = found;
  const percent = progress.total === 0 ? 0 : Math.floor((progress.done / progress.total) * 100);
  return (
    <div className="rostering-report" aria-live="polite">
      {(status === 'queued' || status === 'running') && (
        <>
          <p className="settings-row__text">{status === 'queued' ? 'Waiting to start…' : dryRun ? 'Checking the roster…' : 'Importing the roster…'} You can leave this page: the import goes on.</p>
          <Progress percent={percent} aria-label="Import progress" />
        </>
      )}
      {status === 'failed' && <Alert type="error" showIcon title="Nothing was imported: fix these errors in the SIS export and upload it again." />}
      {status === 'done' && (
        <Alert type="success" showIcon title={dryRun ? 'Check complete: nothing was written yet.' : 'Import complete.'} />
      )}
      {summary && <SummaryTable summary={summary} dryRun={dryRun} />}
      <IssueList title="Errors" issues={found.errors} count={found.errorCount} id={`roster-errors-${found.id}`} />
      <IssueList title="Rows skipped" issues={found.warnings} count={found.warningCount} id={`roster-warnings-${found.id}`} />
    </div>
  );
}
